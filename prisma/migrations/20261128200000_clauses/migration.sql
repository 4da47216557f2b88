-- decisions §26: optional and required clauses (maddeler) of a template's working copy and of each
-- published version, by language ({ "tr": [{ code, text, required }], "en": [{ code, text, required }] }),
-- and the clauses as the person answered them when signing ([{ code, text, required, accepted }]).
ALTER TABLE "templates" ADD COLUMN "clauses" JSONB NOT NULL DEFAULT '{}';
ALTER TABLE "template_versions" ADD COLUMN "clauses" JSONB NOT NULL DEFAULT '{}';
ALTER TABLE "consents" ADD COLUMN "clauses" JSONB;
