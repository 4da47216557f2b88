// The admin command line's grammar (decisions §13): pure parsing and help text, no database.
import { parseArgs } from "node:util";
import { parseScopes, type Scope } from "@/lib/api-keys/scopes";
import { isWebhookEvent, WEBHOOK_EVENTS, type WebhookEvent } from "@/lib/webhooks/events";

export class UsageError extends Error {}

export const COMMAND_NAMES = [
  "tenant create",
  "user create",
  "user reset-link",
  "user reset-two-factor",
  "key create",
  "key revoke",
  "webhook set",
  "webhook deliveries",
  "webhook resend",
  "webhook test",
  "quota set",
  "storage encrypt",
] as const;
type CommandName = (typeof COMMAND_NAMES)[number];

export type Command =
  | { name: "help"; topic?: CommandName }
  | {
      name: "tenant create";
      json: boolean;
      code: string;
      tenantName: string;
      type?: string;
      storage?: "merkezi" | "kurum";
      quota?: number;
      unlimited: boolean;
      licenseEnds?: string;
    }
  | { name: "user create"; json: boolean; tenant: string; email: string; password: string; role?: "owner" | "admin" | "staff" }
  | { name: "user reset-link" | "user reset-two-factor"; json: boolean; tenant: string; email: string }
  | { name: "key create"; json: boolean; tenant: string; keyName: string; scopes: Scope[] }
  | { name: "key revoke"; json: boolean; id: string }
  | { name: "webhook set"; json: boolean; tenant: string; url: string; events?: WebhookEvent[] }
  | { name: "webhook deliveries"; json: boolean; tenant: string; status?: "pending" | "delivered" | "failed" }
  | { name: "webhook resend"; json: boolean; tenant: string; id: bigint }
  | { name: "webhook test"; json: boolean; tenant: string }
  | { name: "quota set"; json: boolean; tenant: string; remaining?: number; unlimited: boolean; licenseEnds?: string }
  | { name: "storage encrypt"; json: boolean };

type Options = Map<string, string | true>;

interface CommandSpec {
  usage: string;
  summary: string;
  /** option name → true when it takes a value, false for a flag */
  options: Record<string, boolean>;
  build(o: Options, json: boolean): Command;
}

const COMMANDS: Record<CommandName, CommandSpec> = {
  "tenant create": {
    usage:
      "tenant create --code C --name N [--type klinik] [--storage merkezi|kurum] [--quota N | --unlimited] [--license-ends YYYY-MM-DD (default: one year from today)]",
    summary: "kurum (tenant) oluşturur",
    options: { code: true, name: true, type: true, storage: true, quota: true, unlimited: false, "license-ends": true },
    build: (o, json) => {
      if (o.has("quota") && o.has("unlimited")) throw new UsageError("--quota ile --unlimited birlikte verilemez");
      return {
        name: "tenant create",
        json,
        code: required(o, "code"),
        tenantName: required(o, "name"),
        type: optional(o, "type"),
        storage: oneOf(o, "storage", ["merkezi", "kurum"] as const),
        quota: count(o, "quota"),
        unlimited: o.has("unlimited"),
        licenseEnds: date(o, "license-ends"),
      };
    },
  },
  "user create": {
    usage: "user create --tenant C --email E --password P [--role owner|admin|staff]",
    summary: "panel kullanıcısı oluşturur",
    options: { tenant: true, email: true, password: true, role: true },
    build: (o, json) => ({
      name: "user create",
      json,
      tenant: required(o, "tenant"),
      email: required(o, "email"),
      password: required(o, "password"),
      role: oneOf(o, "role", ["owner", "admin", "staff"] as const),
    }),
  },
  "user reset-link": {
    usage: "user reset-link --tenant C --email E",
    summary: "parolasını unutan kullanıcı için 24 saat geçerli, tek kullanımlık parola yenileme bağlantısı üretir (kurumun tek sahibi için de)",
    options: { tenant: true, email: true },
    build: (o, json) => ({ name: "user reset-link", json, tenant: required(o, "tenant"), email: required(o, "email") }),
  },
  "user reset-two-factor": {
    usage: "user reset-two-factor --tenant C --email E",
    summary: "telefonunu ve kurtarma kodlarını kaybeden kullanıcının iki adımlı doğrulamasını kapatır",
    options: { tenant: true, email: true },
    build: (o, json) => ({ name: "user reset-two-factor", json, tenant: required(o, "tenant"), email: required(o, "email") }),
  },
  "key create": {
    usage: "key create --tenant C --name N --scopes onam:yaz,onam:oku,sablon:oku,sablon:yaz",
    summary: "API anahtarı oluşturur; gizli anahtar yalnızca bir kez gösterilir",
    options: { tenant: true, name: true, scopes: true },
    build: (o, json) => {
      const { scopes, unknown } = parseScopes(required(o, "scopes"));
      if (unknown.length) throw new UsageError(`--scopes: bilinmeyen yetki ${unknown.join(", ")} (geçerli: onam:yaz, onam:oku, sablon:oku, sablon:yaz)`);
      if (!scopes.length) throw new UsageError("--scopes: en az bir yetki verilmeli");
      return { name: "key create", json, tenant: required(o, "tenant"), keyName: required(o, "name"), scopes };
    },
  },
  "key revoke": {
    usage: "key revoke --id ID",
    summary: "API anahtarını iptal eder",
    options: { id: true },
    build: (o, json) => ({ name: "key revoke", json, id: required(o, "id") }),
  },
  "webhook set": {
    usage: `webhook set --tenant C --url U [--events ${WEBHOOK_EVENTS.join(",")}]`,
    summary: "webhook adresini kaydeder ve yeni imza anahtarı üretir",
    options: { tenant: true, url: true, events: true },
    build: (o, json) => ({ name: "webhook set", json, tenant: required(o, "tenant"), url: required(o, "url"), events: events(o) }),
  },
  "webhook deliveries": {
    usage: "webhook deliveries --tenant C [--status pending|delivered|failed]",
    summary: "son 50 webhook teslimatını denemeleriyle listeler",
    options: { tenant: true, status: true },
    build: (o, json) => ({ name: "webhook deliveries", json, tenant: required(o, "tenant"), status: oneOf(o, "status", ["pending", "delivered", "failed"] as const) }),
  },
  "webhook resend": {
    usage: "webhook resend --tenant C --id N",
    summary: "bir teslimatı (aynı teslimat numarasıyla) hemen yeniden gönderir",
    options: { tenant: true, id: true },
    build: (o, json) => {
      const id = required(o, "id");
      if (!/^\d{1,18}$/.test(id)) throw new UsageError("--id bir teslimat numarası olmalı");
      return { name: "webhook resend", json, tenant: required(o, "tenant"), id: BigInt(id) };
    },
  },
  "webhook test": {
    usage: "webhook test --tenant C",
    summary: "webhook adresine imzalı bir test olayı (webhook.test) gönderir",
    options: { tenant: true },
    build: (o, json) => ({ name: "webhook test", json, tenant: required(o, "tenant") }),
  },
  "quota set": {
    usage: "quota set --tenant C (--remaining N | --unlimited) [--license-ends YYYY-MM-DD]",
    summary: "kontör ve lisans bitişini ayarlar",
    options: { tenant: true, remaining: true, unlimited: false, "license-ends": true },
    build: (o, json) => {
      if (o.has("remaining") === o.has("unlimited")) throw new UsageError("--remaining N ya da --unlimited verilmeli (yalnızca biri)");
      return {
        name: "quota set",
        json,
        tenant: required(o, "tenant"),
        remaining: count(o, "remaining"),
        unlimited: o.has("unlimited"),
        licenseEnds: date(o, "license-ends"),
      };
    },
  },
  "storage encrypt": {
    usage: "storage encrypt",
    summary: "şifrelemeden önce (2026-11-24 öncesi) düz saklanmış belgeleri şifreler; düz dosyalar sunulmaz",
    options: {},
    build: (_o, json) => ({ name: "storage encrypt", json }),
  },
};

function isCommandName(s: string): s is CommandName {
  return (COMMAND_NAMES as readonly string[]).includes(s);
}

function required(o: Options, key: string): string {
  const v = o.get(key);
  if (typeof v !== "string") throw new UsageError(`--${key} zorunlu`);
  return v;
}

function optional(o: Options, key: string): string | undefined {
  const v = o.get(key);
  return typeof v === "string" ? v : undefined;
}

function oneOf<T extends string>(o: Options, key: string, allowed: readonly T[]): T | undefined {
  const v = optional(o, key);
  if (v === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(v)) throw new UsageError(`--${key}: "${v}" geçersiz; ${allowed.join(" | ")} olmalı`);
  return v as T;
}

function count(o: Options, key: string): number | undefined {
  const v = optional(o, key);
  if (v === undefined) return undefined;
  if (!/^\d{1,10}$/.test(v) || Number(v) > 1_000_000_000) throw new UsageError(`--${key}: "${v}" 0 ya da pozitif bir tam sayı olmalı`);
  return Number(v);
}

function isCalendarDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

function date(o: Options, key: string): string | undefined {
  const v = optional(o, key);
  if (v !== undefined && !isCalendarDate(v)) throw new UsageError(`--${key}: "${v}" YYYY-MM-DD biçiminde geçerli bir tarih olmalı`);
  return v;
}

function events(o: Options): WebhookEvent[] | undefined {
  const v = optional(o, "events");
  if (v === undefined) return undefined;
  const names = [...new Set(v.split(",").map((s) => s.trim()).filter(Boolean))];
  const unknown = names.filter((n) => !isWebhookEvent(n));
  if (unknown.length) throw new UsageError(`--events: bilinmeyen olay ${unknown.join(", ")} (geçerli: ${WEBHOOK_EVENTS.join(", ")})`);
  if (!names.length) throw new UsageError("--events: en az bir olay verilmeli");
  return names as WebhookEvent[];
}

/** `--key value` or `--key=value` (util.parseArgs); flags take no value. Repeats, unknowns and strays are errors. */
function parseOptions(args: string[], spec: Record<string, boolean>): Options {
  const options = Object.fromEntries(Object.entries(spec).map(([k, takesValue]) => [k, { type: takesValue ? ("string" as const) : ("boolean" as const) }]));
  // Not strict: the checks below word each refusal in the CLI's language and name the option.
  const { tokens } = parseArgs({ args, options, strict: false, allowPositionals: true, tokens: true });
  const out: Options = new Map();
  for (const t of tokens) {
    if (t.kind === "positional") throw new UsageError(`beklenmeyen argüman "${t.value}"`);
    if (t.kind === "option-terminator") throw new UsageError('beklenmeyen argüman "--"');
    const takesValue = spec[t.name];
    if (takesValue === undefined) throw new UsageError(`bilinmeyen seçenek --${t.name}`);
    if (out.has(t.name)) throw new UsageError(`--${t.name} birden fazla verildi`);
    if (!takesValue) {
      if (t.inlineValue) throw new UsageError(`--${t.name} değer almaz`);
      out.set(t.name, true);
      continue;
    }
    // A following option means the value was forgotten; a value starting with -- needs --key=value.
    const value = t.value;
    if (value === undefined || (!t.inlineValue && value.startsWith("--")) || value.trim() === "") throw new UsageError(`--${t.name} bir değer ister`);
    out.set(t.name, value);
  }
  return out;
}

/** argv after the script name → a command, or UsageError with a one-line reason. */
export function parseCommand(argv: string[]): Command {
  const [first, second] = argv;
  if (first === undefined) throw new UsageError("komut verilmedi; komutlar için: npm run admin -- help");
  if (first === "help" || first === "--help" || first === "-h") {
    const topic = argv.slice(1, 3).join(" ");
    return isCommandName(topic) ? { name: "help", topic } : { name: "help" };
  }
  const name = `${first} ${second ?? ""}`.trim();
  if (!isCommandName(name)) throw new UsageError(`bilinmeyen komut "${name}"; komutlar için: npm run admin -- help`);
  const rest = argv.slice(2);
  if (rest.includes("--help") || rest.includes("-h")) return { name: "help", topic: name };
  const spec = COMMANDS[name];
  return spec.build(parseOptions(rest.filter((a) => a !== "--json"), spec.options), rest.includes("--json"));
}

export function helpText(topic?: CommandName): string {
  if (topic) return `Kullanım: npm run admin -- ${COMMANDS[topic].usage} [--json]\n${COMMANDS[topic].summary}\n`;
  const lines = COMMAND_NAMES.map((n) => `  ${COMMANDS[n].usage}\n      ${COMMANDS[n].summary}`);
  return [
    "Kullanım: npm run admin -- <komut> [seçenekler] [--json]",
    "",
    "Komutlar:",
    ...lines,
    "",
    "--json   sonucu stdout'a tek bir JSON nesnesi olarak yazar",
    "Çıkış kodları: 0 başarılı, 2 hatalı girdi, 3 veritabanı başka bir süreçte (sunucu) açık, 1 beklenmeyen hata.",
    "",
  ].join("\n");
}

/** An operation's validation failure as one line, naming the command-line options at fault. */
export function describeFailure(detail: string, errors?: Record<string, string[]>): string {
  const fields = Object.entries(errors ?? {}).map(([field, msgs]) => {
    const option = field.replace(/\.\d+$/, "").replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
    return `--${option}: ${msgs.join(", ")}`;
  });
  // The field messages say more than the generic detail ("İstek doğrulanamadı.") that comes with them.
  const text = fields.length ? `geçersiz değer: ${fields.join("; ")}` : detail;
  return text.replace(/\s*\n\s*/g, " ");
}
