-- decisions §25: the SKS document code of a template (dokuman_kodu), kept on the working copy and
-- frozen with each published version, whose number is its revision.
ALTER TABLE "templates" ADD COLUMN "document_code" TEXT;
ALTER TABLE "template_versions" ADD COLUMN "document_code" TEXT;
