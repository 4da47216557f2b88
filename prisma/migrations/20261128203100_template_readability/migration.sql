-- issue #52: the Ateşman readability score of each published version's Turkish text, measured when it
-- was published (null for versions published before it was measured).
ALTER TABLE "template_versions" ADD COLUMN "readability" DOUBLE PRECISION;
