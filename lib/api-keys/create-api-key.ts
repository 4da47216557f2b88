// Issues an API key. Only the secret's digest is stored: the secret is returned once (decisions §1).
import { z } from "zod";
import { parseOrThrow } from "@/lib/errors";
import { sha256Hex } from "@/lib/crypto";
import { insertApiKey } from "@/lib/db/api-keys";
import { newApiKeyId, newApiKeySecret } from "@/lib/ids";
import { isScope, type Scope } from "@/lib/api-keys/scopes";

const schema = z.object({
  tenantId: z.string().min(1),
  name: z.string().trim().min(1, { error: "boş olamaz" }).max(100, { error: "en fazla 100 karakter olabilir" }),
  scopes: z
    .array(z.string().refine(isScope, { error: "bilinmeyen yetki (onam:yaz, onam:oku, sablon:oku, sablon:yaz)" }))
    .min(1, { error: "en az bir yetki verilmeli" })
    .transform((s) => [...new Set(s)] as Scope[]),
  createdBy: z.string().min(1).max(200).optional(),
});

type CreateApiKeyInput = z.input<typeof schema>;

interface CreatedApiKey {
  id: string;
  /** shown once; never stored */
  secret: string;
  name: string;
  scopes: Scope[];
}

export async function createApiKey(input: CreateApiKeyInput): Promise<CreatedApiKey> {
  const i = parseOrThrow(schema, input);
  const id = newApiKeyId();
  const secret = newApiKeySecret();
  await insertApiKey({ id, tenantId: i.tenantId, name: i.name, secretDigest: sha256Hex(secret), scopes: i.scopes, createdBy: i.createdBy ?? null });
  return { id, secret, name: i.name, scopes: i.scopes };
}
