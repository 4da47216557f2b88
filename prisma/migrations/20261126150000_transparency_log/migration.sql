-- decisions §20: one append-only Merkle tree (RFC 9162 §2.1) of every evidence record of every
-- consent. The leaf input is the 32 bytes of the record's hash; leaf hash SHA-256(0x00 || input),
-- node hash SHA-256(0x01 || left || right).
--
-- log_nodes holds the hash of every complete subtree: level 0 the leaves, level k the subtree of the
-- 2^k leaves from idx * 2^k. These never change once written, so any proof at any size is composed
-- of O(log n) of them (lib/transparency/merkle.ts) and read in one statement.
CREATE TABLE "log_head" (
  "id" SMALLINT PRIMARY KEY CHECK ("id" = 1),
  "size" BIGINT NOT NULL
);
INSERT INTO "log_head" ("id", "size") VALUES (1, 0);

CREATE TABLE "log_nodes" (
  "level" SMALLINT NOT NULL,
  "idx" BIGINT NOT NULL,
  "hash" BYTEA NOT NULL,
  PRIMARY KEY ("level", "idx")
);
-- GET /log/proof?hash=…: the leaf of a record hash (two records may share one: the first is its position).
CREATE INDEX "log_leaves_hash_idx" ON "log_nodes" ("hash") WHERE "level" = 0;

-- Every checkpoint the log signed, by tree size (Ed25519 is deterministic: signing one size twice
-- gives the same note). tsr: the RFC 3161 token over the SHA-256 of the note, at most one a minute.
CREATE TABLE "log_checkpoints" (
  "size" BIGINT PRIMARY KEY,
  "root_hash" BYTEA NOT NULL,
  "note" TEXT NOT NULL,
  "signed_at" TIMESTAMP(3) NOT NULL,
  "tsr" BYTEA,
  "stamped_at" TIMESTAMP(3)
);
CREATE INDEX "log_checkpoints_stamped_idx" ON "log_checkpoints" ("stamped_at") WHERE "tsr" IS NOT NULL;

-- One append: the next index under the head's row lock (every appender, on every instance, waits
-- here, so the order is total and there is no gap), the leaf, and each subtree it completes.
CREATE FUNCTION log_append(record_hash TEXT) RETURNS BIGINT LANGUAGE plpgsql AS $$
DECLARE
  i BIGINT;
  j BIGINT;
  lvl SMALLINT := 0;
  h BYTEA;
BEGIN
  UPDATE log_head SET size = size + 1 WHERE id = 1 RETURNING size - 1 INTO i;
  h := sha256('\x00'::bytea || decode(record_hash, 'hex'));
  INSERT INTO log_nodes (level, idx, hash) VALUES (0, i, h);
  j := i;
  WHILE j % 2 = 1 LOOP
    SELECT sha256('\x01'::bytea || n.hash || h) INTO STRICT h FROM log_nodes n WHERE n.level = lvl AND n.idx = j - 1;
    lvl := lvl + 1;
    j := j / 2;
    INSERT INTO log_nodes (level, idx, hash) VALUES (lvl, j, h);
  END LOOP;
  RETURN i;
END $$;

CREATE FUNCTION log_append_event() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  PERFORM log_append(NEW.hash);
  RETURN NULL;
END $$;

-- Deferred to COMMIT: the record is appended by the transaction that writes it, so a rollback
-- appends nothing, and the head's lock is taken last and held only while that transaction commits
-- (never while it waits for a consent's row, which could deadlock). Every writer of consent_events
-- is covered, the create's single statement included.
CREATE CONSTRAINT TRIGGER "consent_events_log" AFTER INSERT ON "consent_events"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION log_append_event();

-- The records written before the log existed, in the order they were written.
DO $$
DECLARE r RECORD;
BEGIN
  FOR r IN SELECT hash FROM consent_events ORDER BY id LOOP
    PERFORM log_append(r.hash);
  END LOOP;
END $$;
