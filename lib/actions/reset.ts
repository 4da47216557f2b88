"use server";
// Server action of the password-reset page (issue #42): no session — the one-time link is the
// credential, checked in lib/ under the sign-in limit per client address.
import { headers } from "next/headers";
import { clientIpOf } from "@/lib/server/client-ip";
import { toActionResult, type ActionResult } from "@/lib/actions/action-result";
import { resetPassword } from "@/lib/users/reset-password";

export async function resetPasswordAction(token: string, values: { password: string }): Promise<ActionResult> {
  const ip = clientIpOf(await headers());
  return toActionResult(async (): Promise<undefined> => {
    await resetPassword(String(token ?? ""), { password: values?.password }, ip);
    return undefined;
  });
}
