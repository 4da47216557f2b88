// Panel sessions ended by signing out: the session ids their JWTs carry, kept until the JWTs would
// have expired anyway.
import { db } from "@/lib/db";

/** Records the session as ended (again: nothing changes), and forgets those past their time. */
export async function recordRevokedSession(sid: string, expiresAt: Date, at: Date): Promise<void> {
  await db().revokedPanelSession.createMany({ data: [{ sid, expiresAt }], skipDuplicates: true });
  await db().revokedPanelSession.deleteMany({ where: { expiresAt: { lt: at } } });
}

export async function isSessionRevoked(sid: string): Promise<boolean> {
  return (await db().revokedPanelSession.count({ where: { sid } })) > 0;
}
