// decisions §22, read aloud: the recordings of templates' texts (template_audio) and the
// `metin_dinlendi` records of a consent. Every statement names the tenant.
import { Prisma, type TemplateAudio } from "@prisma/client";
import { db, sqlRows, transaction, type Tx } from "@/lib/db";

export type AudioRow = Pick<TemplateAudio, "id" | "language" | "contentHash" | "contentType" | "bytes" | "sha256" | "storageKey">;

const audioSelect = { id: true, language: true, contentHash: true, contentType: true, bytes: true, sha256: true, storageKey: true } as const;

/** Every recording of a template, whatever text it was made for. */
export function templateAudioRows(tenantId: string, templateId: string): Promise<AudioRow[]> {
  return db().templateAudio.findMany({ where: { tenantId, templateId }, select: audioSelect, orderBy: { createdAt: "asc" } });
}

/** The recording of one language's text (by its content hash), if any. */
export async function templateAudioRow(tenantId: string, templateId: string, language: string, contentHash: string): Promise<AudioRow | null> {
  return db().templateAudio.findFirst({ where: { tenantId, templateId, language, contentHash }, select: audioSelect });
}

interface AudioInsert extends Omit<AudioRow, "id"> {
  id: string;
  tenantId: string;
  templateId: string;
  createdAt: Date;
  createdBy: string;
}

/**
 * Records a stored recording, replacing the one of the same text. Writes to one template's
 * recordings are serialized by its row lock, so the replaced storage key is always known (and its
 * bytes can be deleted). `undefined` when the template is gone; otherwise the replaced key or null.
 */
export async function upsertTemplateAudio(a: AudioInsert): Promise<{ replacedKey: string | null } | undefined> {
  return transaction(async (tx) => {
    const [template] = await tx.$queryRaw<{ id: string }[]>(
      Prisma.sql`SELECT id FROM templates WHERE id = ${a.templateId} AND tenant_id = ${a.tenantId} FOR UPDATE`,
    );
    if (!template) return undefined;
    const [previous] = await tx.$queryRaw<{ storageKey: string }[]>(Prisma.sql`
      SELECT storage_key AS "storageKey" FROM template_audio
      WHERE tenant_id = ${a.tenantId} AND template_id = ${a.templateId} AND language = ${a.language} AND content_hash = ${a.contentHash}`);
    await tx.$executeRaw(Prisma.sql`
      INSERT INTO template_audio (id, tenant_id, template_id, language, content_hash, content_type, bytes, sha256, storage_key, created_at, created_by)
      VALUES (${a.id}, ${a.tenantId}, ${a.templateId}, ${a.language}, ${a.contentHash}, ${a.contentType}, ${a.bytes}, ${a.sha256}, ${a.storageKey}, ${a.createdAt}, ${a.createdBy})
      ON CONFLICT (template_id, language, content_hash) DO UPDATE SET
        id = EXCLUDED.id, content_type = EXCLUDED.content_type, bytes = EXCLUDED.bytes, sha256 = EXCLUDED.sha256,
        storage_key = EXCLUDED.storage_key, created_at = EXCLUDED.created_at, created_by = EXCLUDED.created_by`);
    return { replacedKey: previous?.storageKey ?? null };
  });
}

/** Removes the recording of one language's text; its storage key, or null when there was none. */
export async function deleteTemplateAudioRow(tenantId: string, templateId: string, language: string, contentHash: string): Promise<string | null> {
  const [row] = await sqlRows<{ storageKey: string }>(Prisma.sql`
    DELETE FROM template_audio
    WHERE tenant_id = ${tenantId} AND template_id = ${templateId} AND language = ${language} AND content_hash = ${contentHash}
    RETURNING storage_key AS "storageKey"`);
  return row?.storageKey ?? null;
}

/** A consent's language and its template version's text hashes (for the recording of its text). */
export function consentTextRow(tenantId: string, consentId: string) {
  return db().consent.findFirst({
    where: { id: consentId, tenantId },
    select: { id: true, tenantId: true, language: true, templateId: true, templateVer: { select: { contentHash: true, translations: true } } },
  });
}

/** The stored (encrypted) data of a consent's `metin_dinlendi` records, inside the caller's transaction. */
export function listenedEventData(tx: Tx, tenantId: string, consentId: string): PromiseLike<{ data: unknown }[]> {
  return tx.$queryRaw<{ data: unknown }[]>(Prisma.sql`
    SELECT data FROM consent_events WHERE consent_id = ${consentId} AND tenant_id = ${tenantId} AND event = 'metin_dinlendi' ORDER BY seq`);
}
