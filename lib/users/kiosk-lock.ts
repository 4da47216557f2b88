// decisions §26: while the clinic's device is handed to a person (the kiosk view), the panel is locked
// on it: every panel page sends to the exit page, which asks the staff member's password again. The
// lock is an httpOnly cookie of this browser; the person holding the tablet cannot lift it.
import { cookies } from "next/headers";
import { env } from "@/lib/env";

export const KIOSK_COOKIE = "onam_kiosk";
export const KIOSK_EXIT_PATH = "/panel/kiosk/cikis";

export async function kioskLocked(): Promise<boolean> {
  return (await cookies()).get(KIOSK_COOKIE)?.value === "1";
}

/** Inside a server action: lock the panel on this browser. */
export async function lockKiosk(): Promise<void> {
  (await cookies()).set(KIOSK_COOKIE, "1", { path: "/", httpOnly: true, sameSite: "strict", secure: env().APP_URL.startsWith("https://") });
}

/** Inside a server action, after the staff member's password: unlock. */
export async function unlockKiosk(): Promise<void> {
  (await cookies()).delete({ name: KIOSK_COOKIE, path: "/" });
}
