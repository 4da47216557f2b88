-- decisions §17: template translations, the consent's language, and the interpreter.
ALTER TABLE "templates" ADD COLUMN "translations" JSONB NOT NULL DEFAULT '{}';
ALTER TABLE "template_versions" ADD COLUMN "translations" JSONB NOT NULL DEFAULT '{}';
ALTER TABLE "consents" ADD COLUMN "language" TEXT NOT NULL DEFAULT 'tr';
ALTER TABLE "consents" ADD COLUMN "interpreter_name" TEXT;
ALTER TABLE "consents" ADD COLUMN "interpreter_signature" BYTEA;
