// Every setting of the service, validated once. Nothing else reads process.env.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { isTimeZone } from "@/lib/time";

const bool = z
  .enum(["1", "0", "true", "false", "yes", "no", ""])
  .transform((v) => v === "1" || v === "true" || v === "yes");

/** `<n>s`, `<n>m`, `<n>h`, `<n>d` (days, for ARCHIVE_RENEW_BEFORE), or `0` → milliseconds (decisions §10). */
export function parseDuration(text: string): number | null {
  const t = text.trim();
  if (t === "0") return 0;
  const m = /^(\d+)(s|m|h|d)$/.exec(t);
  if (!m) return null;
  const n = Number(m[1]);
  return n * { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[m[2] as "s" | "m" | "h" | "d"];
}

const durationList = z.string().transform((text, ctx) => {
  const parts = text.split(",").map(parseDuration);
  if (parts.some((p) => p === null)) {
    ctx.addIssue({ code: "custom", message: "comma-separated durations like 0,1m,5m,15m,1h,6h,24h" });
    return z.NEVER;
  }
  return parts as number[];
});

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** default: http://localhost:$PORT */
  APP_URL: z
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined))
    .transform((u) => u?.replace(/\/+$/, "")),
  APP_TIMEZONE: z
    .string()
    .default("Europe/Istanbul")
    .refine(isTimeZone, "not an IANA time zone"),
  DATA_DIR: z.string().min(1).default("./data"),
  PGLITE_DIR: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgresql://")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  APP_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  APP_ENCRYPTION_KEY: z
    .string()
    .refine((k) => Buffer.from(k, "base64").length === 32, "must be 32 random bytes, base64")
    .optional(),
  /** comma-separated former APP_ENCRYPTION_KEYs: data encrypted under them stays readable */
  APP_ENCRYPTION_KEY_PREVIOUS: z
    .string()
    .default("")
    .transform((v) => v.split(",").map((k) => k.trim()).filter(Boolean))
    .refine((keys) => keys.every((k) => Buffer.from(k, "base64").length === 32), "each key must be 32 random bytes, base64"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** first run on an empty database creates a demo tenant; in production only when asked */
  SEED_DEMO: bool.optional(),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  /** when set, GET /api/metrics needs it as a bearer token */
  METRICS_TOKEN: z.string().min(16, "at least 16 characters").optional().or(z.literal("").transform(() => undefined)),
  /** GET /api/metrics without a token: only when asked (it tells request volumes and backlogs) */
  METRICS_PUBLIC: bool.default(false),
  /** POST /tsa without an API key: only when asked (every answer is a signature of this server) */
  TSA_PUBLIC: bool.default(false),
  /**
   * reverse proxies in front of the service (decisions §15): 0 (default) = the socket's peer is the
   * client; n = the n-th X-Forwarded-For entry from the right is
   */
  TRUSTED_PROXY_COUNT: z.coerce.number().int().min(0).max(10).default(0),
  /** shares every rate limit between instances (decisions §16); per-process limits without it */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must start with redis:// or rediss://")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** how often the embedded runner looks for due work (expiries, unsent SMS) */
  RUNNER_INTERVAL: z
    .string()
    .default("15s")
    .transform((t, ctx) => parseDuration(t) ?? (ctx.addIssue({ code: "custom", message: "a duration like 15s" }), z.NEVER)),
  /** tests only: lets POST /api/test/clock shift the service's clock. Never set it in production. */
  TEST_CLOCK: bool.default(false),
  /** read by the Inngest SDK itself: a local dev server, no signing key. Never in production. */
  INNGEST_DEV: z.string().optional(),
  /**
   * tests only: lets a production build (NODE_ENV=production) start with TEST_CLOCK or INNGEST_DEV,
   * as the API tests run it; without it such a server refuses to start
   */
  ALLOW_TEST_SETTINGS: bool.default(false),
  SMS_DRIVER: z.enum(["file", "netgsm"]).optional(),
  SMS_OUTBOX_PATH: z.string().optional(),
  NETGSM_URL: z.url().default("https://api.netgsm.com.tr"),
  NETGSM_USERCODE: z.string().optional(),
  NETGSM_PASSWORD: z.string().optional(),
  NETGSM_HEADER: z.string().optional(),
  /** where documents are kept: "database" (default), "filesystem" (FILE_STORAGE_DIR) or "s3" (S3_*) */
  FILE_STORAGE: z.enum(["database", "filesystem", "s3"]).default("database"),
  FILE_STORAGE_DIR: z.string().optional(),
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  TSA_DRIVER: z.enum(["local", "rfc3161", "none"]).default("local"),
  TSA_URL: z.url().optional(),
  TSA_USERNAME: z.string().optional(),
  TSA_PASSWORD: z.string().optional(),
  TSA_PROVIDER: z.string().optional(),
  TSA_PROVIDER_NAME: z.string().optional(),
  TSA_LEGALLY_VALID: bool.default(false),
  /** PEM bundle of the roots an rfc3161 TSA's certificate must chain to */
  TSA_CA_FILE: z.string().optional(),
  TSA_TIMEOUT: z
    .string()
    .default("15s")
    .transform((t, ctx) => parseDuration(t) ?? (ctx.addIssue({ code: "custom", message: "a duration like 15s" }), z.NEVER)),
  /** waits before each timestamp attempt after the first; then the timestamp is `failed` */
  TSA_RETRY_SCHEDULE: durationList.default([0, 30_000, 120_000, 600_000, 3_600_000]),
  /**
   * decisions §24: PEM file of the roots (or intermediates) a physician's qualified certificate must
   * chain to. Read when a qualified countersignature is checked, so an institution may update its
   * list without a restart; without it no qualified countersignature is accepted.
   */
  QUALIFIED_TRUST_ANCHORS: z.string().min(1).optional(),
  /** decisions §14, §24: who seals documents: a certificate of the built-in authority, a PKCS#12 e-seal, or a key on a PKCS#11 token */
  SEAL_DRIVER: z.enum(["local", "p12", "pkcs11"]).default("local"),
  SEAL_P12_FILE: z.string().optional(),
  SEAL_P12_PASSWORD: z.string().optional(),
  /** SEAL_DRIVER=pkcs11: the token's PKCS#11 library (an HSM's or a smart card's .so) */
  PKCS11_MODULE: z.string().min(1).optional(),
  PKCS11_TOKEN_LABEL: z.string().min(1).optional(),
  /** the label (CKA_LABEL) of the seal's private key on the token; its certificate shares its CKA_ID */
  PKCS11_KEY_LABEL: z.string().min(1).optional(),
  PKCS11_PIN: z.string().optional(),
  /**
   * decisions §24: a document's last document time-stamp is renewed when its certificate expires
   * within this long
   */
  ARCHIVE_RENEW_BEFORE: z
    .string()
    .default("180d")
    .transform((t, ctx) => parseDuration(t) ?? (ctx.addIssue({ code: "custom", message: "a duration like 180d" }), z.NEVER)),
  /** who drives background work: the in-process runner, or an Inngest server (Cloud or self-hosted) */
  BACKGROUND_JOBS: z.enum(["embedded", "inngest"]).default("embedded"),
  /** threads that render documents off the request path (0: render on the main thread) */
  PDF_WORKERS: z.coerce.number().int().min(0).max(16).default(1),
  /**
   * the document threads' nice value (0–19): at 10 the server's own requests go first when every core
   * is busy; 0 where the other processes on the machine are not this server's (CI's test lanes)
   */
  PDF_WORKER_NICE: z.coerce.number().int().min(0).max(19).default(10),
  /** a document thread left idle this long exits and gives its memory back (long enough to read a form in) */
  PDF_WORKER_IDLE: z
    .string()
    .default("2m")
    .transform((t, ctx) => parseDuration(t) ?? (ctx.addIssue({ code: "custom", message: "a duration like 30s" }), z.NEVER)),
  /** a document still rendering this long after a thread took it is given up (its thread ends) */
  PDF_RENDER_TIMEOUT: z
    .string()
    .default("120s")
    .transform((t, ctx) => parseDuration(t) ?? (ctx.addIssue({ code: "custom", message: "a duration like 120s" }), z.NEVER)),
  /**
   * issue #48: a remote signing service speaking the Cloud Signature Consortium API v2, where
   * physicians hold their qualified certificates; its base URL ends in `/csc/v2`. The service reaches
   * it with an OAuth 2.0 client_credentials token (CSC_CLIENT_ID and CSC_CLIENT_SECRET, from
   * CSC_TOKEN_URL, default `<base>/oauth2/token`) or with a bearer token the provider issued (CSC_ACCESS_TOKEN).
   */
  CSC_BASE_URL: z
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined))
    .transform((u) => u?.replace(/\/+$/, "")),
  CSC_TOKEN_URL: z.url().optional(),
  CSC_CLIENT_ID: z.string().min(1).optional(),
  CSC_CLIENT_SECRET: z.string().min(1).optional(),
  CSC_ACCESS_TOKEN: z.string().min(1).optional(),
  CSC_TIMEOUT: z
    .string()
    .default("15s")
    .transform((t, ctx) => parseDuration(t) ?? (ctx.addIssue({ code: "custom", message: "a duration like 15s" }), z.NEVER)),
  WEBHOOK_ALLOW_PRIVATE: bool.default(false),
  WEBHOOK_RETRY_SCHEDULE: durationList.default([0, 60_000, 300_000, 900_000, 3_600_000, 21_600_000, 86_400_000]),
});

export type Env = Omit<z.infer<typeof schema>, "APP_URL" | "APP_SECRET" | "APP_ENCRYPTION_KEY" | "SMS_DRIVER"> & {
  APP_URL: string;
  APP_SECRET: string;
  APP_ENCRYPTION_KEY: string;
  SMS_DRIVER: "file" | "netgsm";
  SMS_OUTBOX_PATH: string;
  PGLITE_DIR: string;
  FILE_STORAGE_DIR: string;
  /** true when no DATABASE_URL: the embedded PGlite database */
  embedded: boolean;
  isProduction: boolean;
};

export class EnvError extends Error {}

/** Validates a settings object; throws EnvError naming every bad setting. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = schema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new EnvError(`Invalid settings:\n${lines.join("\n")}`);
  }
  const e = result.data;
  const isProduction = e.NODE_ENV === "production";
  const embedded = !e.DATABASE_URL;
  // Runtime paths, not bundle inputs: tell the file tracer to leave them alone.
  const dataDir = path.resolve(/*turbopackIgnore: true*/ e.DATA_DIR);

  const missing = [
    !e.APP_SECRET && "APP_SECRET",
    !e.APP_ENCRYPTION_KEY && "APP_ENCRYPTION_KEY",
  ].filter((x): x is string => Boolean(x));
  if (missing.length && isProduction && !embedded) {
    throw new EnvError(`Invalid settings: ${missing.join(" and ")} must be set in production with DATABASE_URL`);
  }
  const generated = missing.length ? generatedSecrets(dataDir) : undefined;
  if (e.FILE_STORAGE === "s3" && !e.S3_BUCKET) throw new EnvError("Invalid settings: FILE_STORAGE=s3 needs S3_BUCKET");
  if (e.SEAL_DRIVER === "p12" && !e.SEAL_P12_FILE) throw new EnvError("Invalid settings: SEAL_DRIVER=p12 needs SEAL_P12_FILE");
  const pkcs11Missing = (["PKCS11_MODULE", "PKCS11_TOKEN_LABEL", "PKCS11_KEY_LABEL", "PKCS11_PIN"] as const).filter((k) => e[k] === undefined);
  if (e.CSC_BASE_URL) {
    const loopback = /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?\//.test(`${e.CSC_BASE_URL}/`);
    if (!e.CSC_BASE_URL.startsWith("https://") && !loopback) throw new EnvError("Invalid settings: CSC_BASE_URL must be https:// (http only on 127.0.0.1)");
    if (!e.CSC_ACCESS_TOKEN && !(e.CSC_CLIENT_ID && e.CSC_CLIENT_SECRET)) throw new EnvError("Invalid settings: CSC_BASE_URL needs CSC_CLIENT_ID and CSC_CLIENT_SECRET, or CSC_ACCESS_TOKEN");
  }
  if (e.SEAL_DRIVER === "pkcs11" && pkcs11Missing.length) throw new EnvError(`Invalid settings: SEAL_DRIVER=pkcs11 needs ${pkcs11Missing.join(", ")}`);

  return {
    ...e,
    APP_URL: e.APP_URL ?? `http://localhost:${e.PORT}`,
    DATA_DIR: dataDir,
    PGLITE_DIR: path.resolve(/*turbopackIgnore: true*/ e.PGLITE_DIR ?? path.join(dataDir, "pglite")),
    APP_SECRET: e.APP_SECRET ?? generated!.APP_SECRET,
    APP_ENCRYPTION_KEY: e.APP_ENCRYPTION_KEY ?? generated!.APP_ENCRYPTION_KEY,
    SMS_DRIVER: e.SMS_DRIVER ?? "file",
    FILE_STORAGE_DIR: path.resolve(/*turbopackIgnore: true*/ e.FILE_STORAGE_DIR ?? path.join(dataDir, "files")),
    SMS_OUTBOX_PATH: path.resolve(/*turbopackIgnore: true*/ e.SMS_OUTBOX_PATH ?? path.join(dataDir, "sms-outbox.jsonl")),
    embedded,
    isProduction,
  };
}

/** Secrets generated on first start and kept in DATA_DIR (decisions §13), created atomically. */
function generatedSecrets(dataDir: string): { APP_SECRET: string; APP_ENCRYPTION_KEY: string } {
  const file = path.join(dataDir, "secrets.json");
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    const fresh = {
      APP_SECRET: randomBytes(48).toString("base64url"),
      APP_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    };
    fs.writeFileSync(file, JSON.stringify(fresh, null, 2) + "\n", { flag: "wx", mode: 0o600 });
    return fresh;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    return JSON.parse(fs.readFileSync(file, "utf8")) as { APP_SECRET: string; APP_ENCRYPTION_KEY: string };
  }
}

/**
 * Why a server with these settings must not start, or null: settings meant for tests (a clock anyone
 * holding APP_SECRET may move, an Inngest dev server that signs nothing) in a production process.
 */
export function testSettingsRefusal(e: Env): string | null {
  if (!e.isProduction || e.ALLOW_TEST_SETTINGS) return null;
  const inngestDev = e.INNGEST_DEV !== undefined && !["", "0", "false", "no"].includes(e.INNGEST_DEV.trim().toLowerCase());
  const found = [e.TEST_CLOCK && "TEST_CLOCK", inngestDev && "INNGEST_DEV"].filter((x): x is string => Boolean(x));
  if (!found.length) return null;
  return `Invalid settings: ${found.join(" and ")} ${found.length > 1 ? "are" : "is"} for tests and local development only; unset ${found.length > 1 ? "them" : "it"} in production (NODE_ENV=production)`;
}

let cached: Env | undefined;

/** The validated settings of this process (parsed on first use, so `next build` never needs them). */
export function env(): Env {
  if (!cached) {
    cached = parseEnv(process.env);
    // next-auth (the panel's sessions) reads its own base URL from process.env: it is APP_URL.
    process.env.NEXTAUTH_URL ??= cached.APP_URL;
  }
  return cached;
}

/** Unit tests that change process.env between cases: parse the settings again on next use. */
export function resetEnvForTests(): void {
  cached = undefined;
}
