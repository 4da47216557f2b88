import { SCOPES, type Scope } from "@/lib/contract/enums";

export { SCOPES, type Scope };

export function isScope(s: string): s is Scope {
  return (SCOPES as readonly string[]).includes(s);
}

/** Parses `onam:yaz,onam:oku` → scopes, or returns the unknown names. */
export function parseScopes(text: string): { scopes: Scope[]; unknown: string[] } {
  const names = [...new Set(text.split(",").map((s) => s.trim()).filter(Boolean))];
  return { scopes: names.filter(isScope), unknown: names.filter((n) => !isScope(n)) };
}

/** Who is calling /v1: the key, its tenant and what it may do (lib/api/authenticate.ts resolves it). */
export interface ApiPrincipal {
  keyId: string;
  keyName: string;
  scopes: Scope[];
  tenantId: string;
}
