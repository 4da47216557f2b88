// The file SMS driver's outbox (decisions §13) shown in the panel. The file is shared by every tenant,
// so only lines of this tenant's consents are shown.
import fs from "node:fs/promises";
import { db } from "@/lib/db";
import { env } from "@/lib/env";

export interface OutboxLine {
  to: string;
  body: string;
  kind: string;
  consentId: string;
  at: string;
}

const TAIL_BYTES = 256 * 1024;

/**
 * What the panel shows instead of an OTP message in production (decisions §15): a code is the
 * patient's credential, and staff who could read it could sign in the patient's place.
 */
export const OTP_HIDDEN = "[doğrulama kodu gizlendi / verification code hidden]";

export async function readSmsOutbox(tenantId: string, limit = 50): Promise<OutboxLine[] | null> {
  const e = env();
  if (e.SMS_DRIVER !== "file") return null;
  let text: string;
  try {
    const handle = await fs.open(e.SMS_OUTBOX_PATH, "r");
    try {
      const { size } = await handle.stat();
      const start = Math.max(0, size - TAIL_BYTES);
      const buf = Buffer.alloc(size - start);
      await handle.read(buf, 0, buf.length, start);
      text = buf.toString("utf8");
      // A tail read may start mid-line: drop the partial first line.
      if (start > 0) text = text.slice(text.indexOf("\n") + 1);
    } finally {
      await handle.close();
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw err;
  }
  const lines: OutboxLine[] = [];
  for (const raw of text.split("\n")) {
    if (!raw.trim()) continue;
    try {
      const o = JSON.parse(raw) as Record<string, unknown>;
      const kind = String(o.kind ?? "");
      const body = e.isProduction && kind === "otp" ? OTP_HIDDEN : String(o.body ?? "");
      lines.push({ to: String(o.to ?? ""), body, kind, consentId: String(o.consent_id ?? ""), at: String(o.at ?? "") });
    } catch {
      // a torn line while the driver appends: skip it
    }
  }
  const ids = [...new Set(lines.map((l) => l.consentId).filter(Boolean))];
  const own = new Set(
    (await db().consent.findMany({ where: { tenantId, id: { in: ids } }, select: { id: true } })).map((c) => c.id),
  );
  return lines.filter((l) => own.has(l.consentId)).reverse().slice(0, limit);
}
