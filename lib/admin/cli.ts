// Entry point of `npm run admin -- <command>`: parse, run one operation, print, exit (decisions §13).
import { describeFailure, helpText, parseCommand, UsageError, type Command } from "@/lib/admin/commands";

type Output = { json: object; text: string };
type RunnableCommand = Exclude<Command, { name: "help" }>;

const EXIT = { ok: 0, unexpected: 1, badInput: 2, locked: 3 } as const;

// Operations are imported lazily so that help and usage errors answer without loading the database driver.
async function execute(cmd: RunnableCommand): Promise<Output> {
  const { getTenantByCodeOrThrow } = await import("@/lib/tenants/get-tenant-by-code");
  switch (cmd.name) {
    case "tenant create": {
      const { createTenant } = await import("@/lib/tenants/create-tenant");
      const t = await createTenant({
        code: cmd.code,
        name: cmd.tenantName,
        type: cmd.type,
        storage: cmd.storage,
        quota: cmd.quota,
        unlimited: cmd.unlimited,
        licenseEnds: cmd.licenseEnds,
      });
      const quota = t.quota.unlimited ? "sınırsız" : String(t.quota.remaining);
      const licence = t.quota.license_ends ? `, lisans bitişi ${t.quota.license_ends}` : "";
      return { json: t, text: `Kurum oluşturuldu: ${t.code} (${t.name}), tür ${t.type}, saklama ${t.storage}, kontör ${quota}${licence}.` };
    }
    case "user create": {
      const { createUser } = await import("@/lib/users/create-user");
      const tenant = await getTenantByCodeOrThrow(cmd.tenant);
      const u = await createUser({ tenantId: tenant.id, email: cmd.email, password: cmd.password, role: cmd.role });
      return { json: { ...u, tenant: tenant.code }, text: `Kullanıcı oluşturuldu: ${u.email} (${u.role}), kurum ${tenant.code}, id ${u.id}.` };
    }
    case "user reset-link": {
      const { operatorResetLink } = await import("@/lib/users/recover-account");
      const tenant = await getTenantByCodeOrThrow(cmd.tenant);
      const link = await operatorResetLink(tenant.id, cmd.email);
      const until = link.expiresAt.toISOString();
      return {
        json: { tenant: tenant.code, email: cmd.email, url: link.url, expires_at: until },
        text: [`Parola yenileme bağlantısı (kurum ${tenant.code}, ${cmd.email}), ${until} tarihine kadar bir kez açılır:`, `  ${link.url}`, "Bağlantıyı kullanıcıya kendiniz iletin; yeniden gösterilmez."].join("\n"),
      };
    }
    case "user reset-two-factor": {
      const { operatorResetTwoFactor } = await import("@/lib/users/recover-account");
      const tenant = await getTenantByCodeOrThrow(cmd.tenant);
      await operatorResetTwoFactor(tenant.id, cmd.email);
      return {
        json: { tenant: tenant.code, email: cmd.email, two_factor: false },
        text: `İki adımlı doğrulama kapatıldı (kurum ${tenant.code}, ${cmd.email}); kullanıcı parolasıyla girip Hesabım sayfasından yeniden açabilir.`,
      };
    }
    case "key create": {
      const { createApiKey } = await import("@/lib/api-keys/create-api-key");
      const tenant = await getTenantByCodeOrThrow(cmd.tenant);
      const k = await createApiKey({ tenantId: tenant.id, name: cmd.keyName, scopes: cmd.scopes, createdBy: "admin-cli" });
      return {
        json: { id: k.id, secret: k.secret, name: k.name, scopes: k.scopes, tenant: tenant.code },
        text: [
          `API anahtarı oluşturuldu (kurum ${tenant.code}, yetkiler ${k.scopes.join(",")}).`,
          `  id:     ${k.id}`,
          `  secret: ${k.secret}`,
          "Gizli anahtar yalnızca bu kez gösterilir ve saklanmaz; şimdi güvenli bir yere kaydedin.",
        ].join("\n"),
      };
    }
    case "key revoke": {
      const { revokeApiKey } = await import("@/lib/api-keys/revoke-api-key");
      const r = await revokeApiKey(cmd.id);
      const at = r.revokedAt.toISOString();
      return { json: { id: r.id, revoked_at: at }, text: `API anahtarı iptal edildi: ${r.id} (${at}).` };
    }
    case "webhook set": {
      const { setWebhookEndpoint } = await import("@/lib/webhooks/set-webhook-endpoint");
      const tenant = await getTenantByCodeOrThrow(cmd.tenant);
      const w = await setWebhookEndpoint({ tenantId: tenant.id, url: cmd.url, events: cmd.events });
      return {
        json: w,
        text: [
          `Webhook kaydedildi (kurum ${tenant.code}): ${w.url}`,
          `  olaylar:        ${w.events.join(", ")}`,
          `  imza anahtarı:  ${w.signing_secret}`,
          "İmza anahtarı yalnızca bu kez gösterilir; değiştirilen bir önceki anahtar 24 saat daha geçerli kalır.",
          "X-Service-Signature ve Standard Webhooks (webhook-signature) imzaları bu anahtarla doğrulanır.",
        ].join("\n"),
      };
    }
    case "webhook deliveries": {
      const { listDeliveries } = await import("@/lib/webhooks/list-deliveries");
      const tenant = await getTenantByCodeOrThrow(cmd.tenant);
      const list = await listDeliveries(tenant.id, { status: cmd.status });
      const lines = list.map((d) => {
        const last = d.attempts.at(-1);
        const outcome = last ? ` son deneme ${last.at}: ${last.status_code ?? last.error}` : "";
        return `  #${d.id} ${d.event} ${d.consent_id ?? "-"} ${d.status}, ${d.attempts.length} deneme${outcome}`;
      });
      // Delivery ids are numbers, as in X-Service-Delivery and the body's delivery_id (decisions §10).
      return { json: { data: list.map((d) => ({ ...d, id: Number(d.id) })) }, text: [`Webhook teslimatları (kurum ${tenant.code}): ${list.length}`, ...lines].join("\n") };
    }
    case "webhook resend":
    case "webhook test": {
      const tenant = await getTenantByCodeOrThrow(cmd.tenant);
      const r =
        cmd.name === "webhook resend"
          ? await (await import("@/lib/webhooks/resend-delivery")).resendDelivery(tenant.id, cmd.id)
          : await (await import("@/lib/webhooks/send-test-event")).sendTestEvent(tenant.id);
      const json = { delivery_id: Number(r.deliveryId), attempt: r.attemptNo, status: r.status, status_code: r.result.statusCode, error: r.result.error };
      const outcome = r.result.ok ? `teslim edildi (HTTP ${r.result.statusCode})` : `başarısız: ${r.result.error ?? `HTTP ${r.result.statusCode}`}`;
      return { json, text: `Teslimat #${json.delivery_id}, deneme ${r.attemptNo}: ${outcome}.` };
    }
    case "quota set": {
      const { setQuota } = await import("@/lib/quota/set-quota");
      const tenant = await getTenantByCodeOrThrow(cmd.tenant);
      const q = await setQuota({
        tenantId: tenant.id,
        ...(cmd.unlimited ? { unlimited: true } : { remaining: cmd.remaining }),
        licenseEnds: cmd.licenseEnds,
        actor: "admin-cli",
      });
      const licence = q.license_ends ? `, lisans bitişi ${q.license_ends}` : "";
      return { json: { tenant: tenant.code, quota: q }, text: `Kontör ayarlandı (kurum ${tenant.code}): ${q.unlimited ? "sınırsız" : q.remaining}${licence}.` };
    }
    case "storage encrypt": {
      const { encryptPlaintextObjects } = await import("@/lib/storage/encrypt-plaintext-objects");
      const r = await encryptPlaintextObjects();
      return { json: r, text: `Depolama (${r.storage}): ${r.encrypted} düz dosya şifrelendi.` };
    }
  }
}

// Prisma messages span many lines (a code frame); the last line carries the cause.
function oneLine(err: unknown): string {
  const lines = (err instanceof Error ? err.message : String(err)).split("\n").map((l) => l.trim()).filter(Boolean);
  return lines.at(-1) ?? "bilinmeyen hata";
}

/** One line on stderr and the exit code for a failure; never a stack trace. */
async function failure(err: unknown): Promise<[number, string]> {
  const [{ AppError }, { DatabaseLockedError }, { EnvError }] = await Promise.all([
    import("@/lib/errors"),
    import("@/lib/db/lock"),
    import("@/lib/env"),
  ]);
  if (err instanceof UsageError) return [EXIT.badInput, err.message];
  if (err instanceof AppError) return [EXIT.badInput, describeFailure(err.message, err.errors)];
  if (err instanceof DatabaseLockedError) return [EXIT.locked, err.message];
  if (err instanceof EnvError) return [EXIT.badInput, err.message];
  return [EXIT.unexpected, `beklenmeyen hata: ${oneLine(err)}`];
}

/**
 * A failure: one line on stderr, and with --json also one JSON object on stdout (decisions §13:
 * `--json` prints one JSON object), so a script reading stdout always gets an answer to parse.
 */
async function report(err: unknown, json: boolean): Promise<number> {
  const [code, message] = await failure(err);
  process.stderr.write(`hata: ${message}\n`);
  if (json) process.stdout.write(`${JSON.stringify({ error: { message, exit_code: code } })}\n`);
  return code;
}

async function main(argv: string[]): Promise<number> {
  let cmd: Command;
  try {
    cmd = parseCommand(argv);
  } catch (err) {
    return report(err, argv.includes("--json"));
  }
  if (cmd.name === "help") {
    process.stdout.write(helpText(cmd.topic));
    return EXIT.ok;
  }

  (await import("@/lib/log")).sendLogsToStderr();
  const { closeDb, prepareDb } = await import("@/lib/db");
  try {
    await prepareDb();
    const out = await execute(cmd);
    process.stdout.write(cmd.json ? `${JSON.stringify(out.json)}\n` : `${out.text}\n`);
    return EXIT.ok;
  } catch (err) {
    return report(err, cmd.json);
  } finally {
    await closeDb().catch(() => undefined);
  }
}

/** Waits for both streams to drain (pipes may be asynchronous), then exits: PGlite can keep timers alive. */
function exitWhenFlushed(code: number): void {
  let pending = 2;
  const done = () => {
    if (--pending === 0) process.exit(code);
  };
  process.stdout.write("", done);
  process.stderr.write("", done);
}

main(process.argv.slice(2)).then(exitWhenFlushed, (err: unknown) => {
  process.stderr.write(`hata: beklenmeyen hata: ${oneLine(err)}\n`);
  exitWhenFlushed(EXIT.unexpected);
});
