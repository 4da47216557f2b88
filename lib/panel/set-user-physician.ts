// The team page's physician details of a user (decisions §19): the flag that lets them countersign,
// their registration number (diploma/tescil no) and their name, both printed on the document beside
// their signature. So both are held to what the document's font can draw, like every printed name.
import { z } from "zod";
import { db } from "@/lib/db";
import { AppError, parseOrThrow } from "@/lib/errors";
import { unprintableCharacters, unprintableMessage } from "@/lib/documents/printable";

/** An optional printed text: trimmed, bounded, drawable; empty is null. */
function optionalPrinted(max: number) {
  return z
    .string({ error: "metin olmalı" })
    .trim()
    .max(max, `en fazla ${max} karakter olmalı`)
    .superRefine((v, ctx) => {
      // One line: no control characters (a line break, a tab, a bell), which the font check lets by.
      if (/[\p{Cc}\u2028\u2029]/u.test(v)) return ctx.addIssue({ code: "custom", message: "satır sonu ya da denetim karakteri içeremez" });
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

export type PhysicianDetails = z.output<typeof physicianDetailsSchema>;

/** Another tenant's user, like an unknown id, is not found. */
export async function setUserPhysician(tenantId: string, userId: string, input: unknown): Promise<PhysicianDetails> {
  const details = parseOrThrow(physicianDetailsSchema, input);
  const { count } = await db().user.updateMany({
    where: { id: userId, tenantId },
    data: { isPhysician: details.isPhysician, registrationNo: details.registrationNo, ...(details.name ? { name: details.name } : {}) },
  });
  if (count === 0) throw new AppError("not_found", "Kullanıcı bulunamadı.");
  return details;
}
