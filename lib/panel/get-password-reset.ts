// Whether a password-reset link still opens (issue #42): its row found by the token's id, the secret
// compared in constant time (reset-token.ts), not used, not past its 24 hours, its account not
// switched off. Unknown, malformed, used and expired links are all simply "not open": the page says
// one neutral sentence for each, so it tells nothing about which accounts or links exist.
import { db } from "@/lib/db";
import { now } from "@/lib/clock";
import { parseResetToken, resetSecretMatches } from "@/lib/panel/reset-token";

export interface OpenReset {
  id: string;
  tenantId: string;
  userId: string;
}

export async function findOpenReset(token: string, at: Date): Promise<OpenReset | null> {
  const parsed = parseResetToken(token);
  const row = parsed
    ? await db().passwordResetToken.findUnique({
        where: { id: parsed.id },
        select: { id: true, tenantId: true, userId: true, secretDigest: true, usedAt: true, expiresAt: true, user: { select: { tenantId: true, disabledAt: true } } },
      })
    : null;
  // Compared whether or not there is a row, so that both take as long.
  const matches = resetSecretMatches(parsed?.secret ?? null, row?.secretDigest ?? null);
  if (!row || !matches || row.usedAt || row.expiresAt <= at || row.user.disabledAt || row.user.tenantId !== row.tenantId) return null;
  return { id: row.id, tenantId: row.tenantId, userId: row.userId };
}

export async function isPasswordResetOpen(token: string): Promise<boolean> {
  return (await findOpenReset(token, now())) !== null;
}
