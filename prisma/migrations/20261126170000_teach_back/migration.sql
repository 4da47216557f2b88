-- decisions §22: teach-back questions. A template's working copy and each published version carry
-- their questions by language ({ "<dil>": [{ question, options, correct, explanation? }] }), published
-- and then immutable with the version like its text. A consent records how its person answered
-- ({ asked, first_try_correct, flagged, missed, answers }); null until answered (or never asked).
ALTER TABLE "templates" ADD COLUMN "questions" JSONB NOT NULL DEFAULT '{}';
ALTER TABLE "template_versions" ADD COLUMN "questions" JSONB NOT NULL DEFAULT '{}';
ALTER TABLE "consents" ADD COLUMN "comprehension" JSONB;
