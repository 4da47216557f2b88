// The team page's physician details of a user (decisions §19): the flag that lets them countersign,
// their registration number (diploma/tescil no) and their name, both printed on the document beside
// their signature. So both are held to what the document's font can draw, like every printed name.
// Only an owner changes them, never their own (issue #49: an admin who could un-flag a physician could
// get a reset link for them, flag them again and countersign in their name). A change ends the
// user's sessions and open reset links and is written to the action log, in one transaction.
import { z } from "zod";
import { transaction } from "@/lib/db";
import { deletePasswordResets } from "@/lib/db/password-resets";
import { physicianDetailsForUpdate, raiseSessionVersion, setPhysicianDetails } from "@/lib/db/users";
import { AppError, parseOrThrow } from "@/lib/errors";
import { recordPanelAction } from "@/lib/users/panel-audit";
import { mayChangePhysician } from "@/lib/users/roles";
import { refuseBidiControls, unprintableCharacters, unprintableMessage } from "@/lib/documents/printable";

/** An optional printed text: trimmed, bounded, drawable; empty is null. */
function optionalPrinted(max: number) {
  return z
    .string({ error: "metin olmalı" })
    .trim()
    .max(max, `en fazla ${max} karakter olmalı`)
    .superRefine((v, ctx) => {
      // One line: no control characters (a line break, a tab, a bell), which the font check lets by.
      if (/[\p{Cc}\u2028\u2029]/u.test(v)) return ctx.addIssue({ code: "custom", message: "satır sonu ya da denetim karakteri içeremez" });
      refuseBidiControls(v, ctx);
      const chars = unprintableCharacters(v);
      if (chars.length) ctx.addIssue({ code: "custom", message: unprintableMessage(chars) });
    })
    .transform((v) => v || null);
}

export const physicianDetailsSchema = z
  .object({
    isPhysician: z.boolean({ error: "evet ya da hayır olmalı" }),
    name: optionalPrinted(200),
    registrationNo: optionalPrinted(50),
  })
  .superRefine((v, ctx) => {
    // countersignConsent prints the user's own name as the physician's: a physician needs one.
    if (v.isPhysician && (!v.name || v.name.length < 3)) ctx.addIssue({ code: "custom", path: ["name"], message: "hekimin adı belgeye basılır: en az 3 karakter olmalı" });
  })
  // A user who is not a physician keeps no registration number.
  .transform((v) => ({ ...v, registrationNo: v.isPhysician ? v.registrationNo : null }));

type PhysicianDetails = z.output<typeof physicianDetailsSchema>;

interface PhysicianActor {
  tenantId: string;
  id: string;
  role: string;
}

/** Another tenant's user, like an unknown id, is not found. */
export async function setUserPhysician(actor: PhysicianActor, userId: string, input: unknown): Promise<PhysicianDetails> {
  if (!mayChangePhysician(actor, userId)) {
    throw new AppError("forbidden", userId === actor.id ? "Kendi hekim bilgilerinizi değiştiremezsiniz; bunu kurumun başka bir sahibi yapabilir." : "Hekim bilgilerini yalnızca kurumun sahibi değiştirebilir.");
  }
  const details = parseOrThrow(physicianDetailsSchema, input);
  const { tenantId } = actor;
  await transaction(async (tx) => {
    const before = await physicianDetailsForUpdate(tx, tenantId, userId);
    if (!before) throw new AppError("not_found", "Kullanıcı bulunamadı.");
    const after = { isPhysician: details.isPhysician, registrationNo: details.registrationNo, name: details.name ?? before.name };
    const changed = (["isPhysician", "registrationNo", "name"] as const).filter((k) => before[k] !== after[k]);
    if (changed.length === 0) return;
    await setPhysicianDetails(tx, tenantId, userId, after);
    // Whoever holds a session or a reset link of the user from before signs in again as what they are now.
    await raiseSessionVersion(tx, tenantId, userId);
    await deletePasswordResets(tx, tenantId, userId);
    await recordPanelAction({ tenantId, actorId: actor.id, action: "user.physician", target: userId, detail: { isPhysician: details.isPhysician, changed } }, tx);
  });
  return details;
}
