-- decisions §26: what a material change changed, said to the person: the note by language ({ "tr": "…", "en": "…" }).
ALTER TABLE "template_versions" ADD COLUMN "change_notes" JSONB NOT NULL DEFAULT '{}';
