// Whether a password-reset link still opens (issue #42): its row found by the token's id, the secret
// compared in constant time (reset-token.ts), not used, not past its 24 hours, its account not
// switched off. Unknown, malformed, used and expired links are all simply "not open": the page says
// one neutral sentence for each, so it tells nothing about which accounts or links exist.
// Whoever made the link must still be allowed to reset this member's password when it is used, not
// only when it was made (issue #49: an admin's link for a member who is a physician, or an admin, by
// now opens nothing; neither does a link by someone since switched off or demoted).
import { passwordResetRow } from "@/lib/db/password-resets";
import { teamMember } from "@/lib/db/users";
import { mayResetPasswordOf } from "@/lib/users/roles";
import { now } from "@/lib/clock";
import { parseResetToken, resetSecretMatches } from "@/lib/users/reset-token";

interface OpenReset {
  id: string;
  tenantId: string;
  userId: string;
}

export async function findOpenReset(token: string, at: Date): Promise<OpenReset | null> {
  const parsed = parseResetToken(token);
  const row = parsed ? await passwordResetRow(parsed.id) : null;
  // Compared whether or not there is a row, so that both take as long.
  const matches = resetSecretMatches(parsed?.secret ?? null, row?.secretDigest ?? null);
  if (!row || !matches || row.usedAt || row.expiresAt <= at || row.user.disabledAt || row.user.tenantId !== row.tenantId) return null;
  // The operator's command line (`admin-cli`) may reset anyone's.
  if (row.createdBy !== "admin-cli") {
    const maker = await teamMember(row.tenantId, row.createdBy);
    if (!maker || maker.disabledAt || !mayResetPasswordOf(maker.role, row.user)) return null;
  }
  return { id: row.id, tenantId: row.tenantId, userId: row.userId };
}

export async function isPasswordResetOpen(token: string): Promise<boolean> {
  return (await findOpenReset(token, now())) !== null;
}
