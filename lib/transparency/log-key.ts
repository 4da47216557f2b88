// The log's Ed25519 signing key (decisions §20), made on first start and kept in ServiceSecret like
// the seal's: the private key encrypted under APP_ENCRYPTION_KEY, the name beside it. The name is
// the log's origin, fixed when the key is made (from APP_URL), so that moving the service to another
// address does not make it another log.
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from "node:crypto";
import { decrypt, encrypt } from "@/lib/encryption";
import { env } from "@/lib/env";
import { prismaSecretStore, type SecretStore } from "@/lib/timestamping/load-authority-material";
import { rawPublicKey, verifierKey } from "@/lib/transparency/note";

const LOG_SECRET_NAMES = { key: "log.key", name: "log.name" } as const;
const NAMES = Object.values(LOG_SECRET_NAMES);

interface LogKey {
  /** the key name, which is also the checkpoints' origin line */
  name: string;
  privateKey: KeyObject;
  publicKey: Buffer;
  /** "<name>+<key id hex>+<base64(0x01 || public key)>" */
  verifierKey: string;
}

/** "host[:port][/path]/log": C2SP's schema-less URL, without spaces or "+". */
function logOrigin(appUrl: string): string {
  const u = new URL(appUrl);
  return `${u.host}${u.pathname.replace(/\/+$/, "")}/log`.replace(/[\s+]/g, "");
}

let cached: { source: string; key: LogKey } | undefined;

async function readOrCreate(store: SecretStore): Promise<Map<string, string>> {
  const existing = await store.read(NAMES);
  if (existing.size === NAMES.length) return existing;
  if (existing.size > 0) throw new Error(`ServiceSecret holds only part of the log key (${NAMES.join(", ")})`);
  const { privateKey } = generateKeyPairSync("ed25519");
  // One statement: another process that stored its key first wins, and this one reads it.
  await store.insertAll([
    { name: LOG_SECRET_NAMES.key, value: encrypt(privateKey.export({ type: "pkcs8", format: "pem" }).toString()) },
    { name: LOG_SECRET_NAMES.name, value: logOrigin(env().APP_URL) },
  ]);
  return store.read(NAMES);
}

export async function loadLogKey(store: SecretStore = prismaSecretStore()): Promise<LogKey> {
  const rows = await readOrCreate(store);
  const name = rows.get(LOG_SECRET_NAMES.name)!;
  const text = rows.get(LOG_SECRET_NAMES.key)!;
  const source = name + text;
  if (cached?.source === source) return cached.key;
  const privateKey = createPrivateKey(decrypt(text));
  const publicKey = rawPublicKey(createPublicKey(privateKey));
  const key = { name, privateKey, publicKey, verifierKey: verifierKey(name, publicKey) };
  cached = { source, key };
  return key;
}
