-- decisions §23: the person may type their name instead of drawing. The typed name is kept, encrypted
-- like the other personal fields, in place of the drawn image (exactly one of the two is set once signed).
ALTER TABLE "consents" ADD COLUMN "typed_signature" TEXT;
