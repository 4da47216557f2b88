// Who did something, in words for the panel: `panel:<user id>` → "Panel kullanıcısı Ayşe Yılmaz",
// `api:<key id>` → "API anahtarı <key name>", `signer` → "İmzalayan kişi", in the panel's language.
// The names come from lib/consents/actor-names.ts (the tenant's own users and keys); an id the tenant
// does not know stays an id.
import { describeActor } from "@/lib/documents/event-descriptions";

export function actorText(actor: string, words: Record<string, string>, names?: ReadonlyMap<string, string>): string {
  const { label, id } = describeActor(actor, words);
  return id ? `${label} ${names?.get(actor) ?? id}` : label;
}
