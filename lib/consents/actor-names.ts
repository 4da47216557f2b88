// Evidence actors by name on the panel's pages: `panel:<user id>` → the user's name (or e-mail),
// `api:<key id>` → the key's name. One statement per page, scoped to the tenant (lib/db/actors.ts);
// ids that are not the tenant's, or no longer exist, keep their id.
import { actorNames } from "@/lib/db/actors";

/** Distinct ids looked up per page, at most: a consent's events are capped far below this. */
const MAX_IDS = 200;
const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The ids of `panel:` and `api:` actors among these, distinct, well-formed, bounded. */
export function actorIds(actors: readonly string[]): { userIds: string[]; keyIds: string[] } {
  const userIds = new Set<string>();
  const keyIds = new Set<string>();
  for (const actor of actors) {
    if (userIds.size + keyIds.size >= MAX_IDS) break;
    const colon = actor.indexOf(":");
    const kind = actor.slice(0, colon);
    const id = actor.slice(colon + 1);
    if (colon < 0 || !ID.test(id)) continue;
    if (kind === "panel") userIds.add(id);
    else if (kind === "api") keyIds.add(id);
  }
  return { userIds: [...userIds], keyIds: [...keyIds] };
}

/** A map from actor (`panel:usr_…`, `api:ak_…`) to the name it stands for, for the tenant's own. */
export async function resolveActorNames(tenantId: string, actors: readonly string[]): Promise<Map<string, string>> {
  const { userIds, keyIds } = actorIds(actors);
  const rows = await actorNames(tenantId, userIds, keyIds);
  return new Map(rows.map((r) => [`${r.kind}:${r.id}`, r.name]));
}
