// A physician's saved signature (issue #51): drawn once on their account page and reused for a
// countersignature, where the password is still asked every time (countersign-as-physician.ts). It
// is a signature image like any other: checked as a drawn PNG of at most 256 KiB (the
// countersignature's own bound, decisions §19), kept encrypted, one per user, never another tenant's
// or another user's. Saving, replacing and deleting it are written to the panel's action log.
import { z } from "zod";
import { AppError, parseOrThrow } from "@/lib/errors";
import { sha256Hex } from "@/lib/crypto";
import { decrypt, encrypt } from "@/lib/encryption";
import { assertDrawn, drawnSignatureOf } from "@/lib/signature-image";
import { deleteUserSignature, upsertUserSignature, userSignatureRow } from "@/lib/db/user-signatures";
import { teamMember } from "@/lib/db/users";
import { recordPanelAction } from "@/lib/users/panel-audit";

/** decisions §19: the physician's signature PNG, at most; a saved one is used as one. */
export const MAX_SAVED_SIGNATURE_BYTES = 256 * 1024;

const schema = z.object({ signature: drawnSignatureOf(MAX_SAVED_SIGNATURE_BYTES) });

// Kept as the consents' signature images are (lib/consents/encrypted-fields.ts): the base64 text
// encrypted, stored as the ciphertext's ASCII bytes.
const seal = (png: Buffer) => new Uint8Array(Buffer.from(encrypt(png.toString("base64")), "ascii"));
const open = (b: Uint8Array) => Buffer.from(decrypt(Buffer.from(b).toString("ascii")), "base64");

interface Owner {
  tenantId: string;
  id: string;
}

/** The user's saved signature as a PNG data URL and when it was saved; null when there is none. */
export async function getSavedSignature(user: Owner): Promise<{ dataUrl: string; savedAt: Date } | null> {
  const row = await userSignatureRow(user.tenantId, user.id);
  return row ? { dataUrl: `data:image/png;base64,${open(row.png).toString("base64")}`, savedAt: row.updatedAt } : null;
}

/** Saves or replaces the signed-in physician's signature. Only a physician signs with one. */
export async function saveSignature(user: Owner, input: unknown): Promise<void> {
  const member = await teamMember(user.tenantId, user.id);
  if (!member?.isPhysician || member.disabledAt) throw new AppError("forbidden", "Yalnızca hekim olarak işaretlenmiş kullanıcılar imza kaydedebilir.");
  const { signature } = parseOrThrow(schema, input ?? {});
  const png = await assertDrawn(signature, "signature");
  const replaced = (await userSignatureRow(user.tenantId, user.id)) !== null;
  await upsertUserSignature(user.tenantId, user.id, seal(png), sha256Hex(png));
  await recordPanelAction({ tenantId: user.tenantId, actorId: user.id, action: "user.signature_save", target: user.id, detail: { replaced } });
}

/** Deletes the user's saved signature (any user may delete their own: one who is no longer a physician too). */
export async function deleteSignature(user: Owner): Promise<void> {
  if ((await deleteUserSignature(user.tenantId, user.id)) === 0) throw new AppError("not_found", "Kayıtlı imzanız yok.");
  await recordPanelAction({ tenantId: user.tenantId, actorId: user.id, action: "user.signature_delete", target: user.id });
}

/** The PNG data URL a countersignature "with my saved signature" gives; a 422 naming `signature` when there is none. */
export async function savedSignatureForCountersign(user: Owner): Promise<string> {
  const saved = await getSavedSignature(user);
  if (!saved) throw new AppError("validation_failed", undefined, { signature: ["hesabınızda kayıtlı imza yok"] });
  return saved.dataUrl;
}
