// First run on an empty database: a demo tenant, an owner login, an all-scope API key and a
// published sample template, printed once (in production only written to a file of mode 0600, whose
// path is printed). Only on the embedded database outside production, or anywhere when SEED_DEMO=1
// asks for it.
import fs from "node:fs";
import path from "node:path";
import { countTenants } from "@/lib/db/tenants";
import { env } from "@/lib/env";
import { randomString } from "@/lib/ids";
import { logger } from "@/lib/log";
import { SCOPES } from "@/lib/api-keys/scopes";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { createTenant } from "@/lib/tenants/create-tenant";
import { createUser } from "@/lib/users/create-user";
import { createTemplate } from "@/lib/templates/create-template";
import { SAMPLE_TEMPLATE } from "@/lib/seed/sample-template";

const DEMO_TENANT_CODE = "demo";

export async function runFirstRun(): Promise<void> {
  const e = env();
  const wanted = e.SEED_DEMO ?? (e.embedded && !e.isProduction);
  if (!wanted) return;
  if ((await countTenants()) > 0) return;

  const tenant = await createTenant({
    code: DEMO_TENANT_CODE,
    name: "Demo Klinik",
    type: "klinik",
    quota: 100,
  });
  const email = "admin@demo.local";
  const password = randomString(16);
  await createUser({ tenantId: tenant.id, email, password, role: "owner", name: "Demo Yönetici" });
  const key = await createApiKey({ tenantId: tenant.id, name: "Demo anahtarı", scopes: [...SCOPES], createdBy: "first-run" });
  await createTemplate(tenant.id, SAMPLE_TEMPLATE, "system");

  const credentials = { panel: { url: `${e.APP_URL}/panel`, email, password }, api: { key_id: key.id, secret: key.secret } };
  // Kept beside the database, readable by this user alone, so a newcomer who missed the banner can
  // still find them. In production it is the only place they are written: a process's output goes
  // to log collectors and terminals that others read.
  const file = path.join(e.DATA_DIR, "first-run-credentials.json");
  if (e.embedded || e.isProduction) {
    fs.mkdirSync(e.DATA_DIR, { recursive: true });
    fs.writeFileSync(file, JSON.stringify(credentials, null, 2) + "\n", { mode: 0o600 });
    fs.chmodSync(file, 0o600);
  }
  logger().info({ tenant: DEMO_TENANT_CODE, keyId: key.id }, "first run: demo tenant created");
  const secrets = e.isProduction
    ? [` Panel:         ${e.APP_URL}/panel`, ` Credentials:   ${file}   (panel login and API secret; readable by this user only)`]
    : [
        ` Panel login:   ${email} / ${password}   (${e.APP_URL}/panel)`,
        ` API key id:    ${key.id}`,
        ` API secret:    ${key.secret}   (shown once)`,
        ` Try it:        curl -u ${key.id}:${key.secret} ${e.APP_URL}/v1/me`,
        e.embedded ? ` Also saved in: ${file}` : "",
      ];
  console.log(
    [
      "",
      "──────────────────────────── e-onam: first run ────────────────────────────",
      ` Demo tenant:   ${DEMO_TENANT_CODE} (Demo Klinik), 100 SMS units`,
      ...secrets,
      "───────────────────────────────────────────────────────────────────────────",
      "",
    ]
      .filter(Boolean)
      .join("\n"),
  );
}
