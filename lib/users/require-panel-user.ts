// The one gate of every panel page and server action: signed in (else to the sign-in page) and
// allowed in the area (else 403). Every lib/ call after it uses the returned user's tenantId. Where
// the tenant requires two-factor sign-in, a user without it reaches their account page only (issue #42);
// a user whose password someone else set reaches the change-password page only (issue #51).
import { headers } from "next/headers";
import { forbidden, redirect } from "next/navigation";
import { getServerSession } from "next-auth";
import { clientIpOf } from "@/lib/server/client-ip";
import type { EventOrigin } from "@/lib/evidence/event-names";
import { authOptions, SIGN_IN_PATH } from "@/lib/users/auth-options";
import { getPanelUser, type PanelUser } from "@/lib/users/get-panel-user";
import { panelAccess, type PanelArea } from "@/lib/users/roles";
import { KIOSK_EXIT_PATH, kioskLocked } from "@/lib/users/kiosk-lock";

export async function currentPanelUser(): Promise<PanelUser | null> {
  const session = await getServerSession(authOptions());
  return session?.user?.id ? getPanelUser(session.user.id, session.sid ?? "", session.sv ?? 0) : null;
}

/** Where a user goes to turn on two-factor sign-in, and the only page they may open until they do when their tenant requires it. */
export const ACCOUNT_PATH = "/panel/account";

/** The change-password page (issue #51): the only page a user whose password someone else set may open until they change it. */
export const PASSWORD_PATH = "/panel/account/password";

/** `kiosk`: the one page (and its action) open while the device is a kiosk (decisions §26): its exit. */
export async function requirePanelUser(area: PanelArea, { kiosk = false }: { kiosk?: boolean } = {}): Promise<PanelUser> {
  const user = await currentPanelUser();
  if (!user) redirect(SIGN_IN_PATH);
  if (!kiosk && (await kioskLocked())) redirect(KIOSK_EXIT_PATH);
  const access = panelAccess(user, area);
  if (access === "password_change") redirect(PASSWORD_PATH);
  if (access === "two_factor_setup") redirect(ACCOUNT_PATH);
  if (access === "forbidden") forbidden();
  return user;
}

/**
 * A user marked as physician on the team page (decisions §19), the only one who may open the queue
 * and countersign; anyone else signed in gets the 403 page. Not a role: an owner need not be a
 * physician, and a physician may be staff.
 */
export async function requirePhysician(): Promise<PanelUser> {
  const user = await requirePanelUser("consents");
  if (!user.isPhysician) forbidden();
  return user;
}

/** Who and where, for evidence events written from the panel (`panel:<user id>`, decisions §6). */
export async function panelOrigin(user: PanelUser): Promise<EventOrigin> {
  const h = await headers();
  return { actor: `panel:${user.id}`, ip: clientIpOf(h), userAgent: (h.get("user-agent") ?? "").slice(0, 512) };
}
