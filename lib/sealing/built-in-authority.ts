// The built-in authority (decisions §9, §14) revokes nothing, but a validator still wants its word on
// it: a CRL signed by its root, issued when asked — after the signature it speaks for (issue #50) —
// for the local seal's and the local TSA's certificates alike.
import { env } from "@/lib/env";
import { loadOrCreateAuthorityMaterial } from "@/lib/timestamping/load-authority-material";
import type { AuthorityMaterial } from "@/lib/timestamping/authority-material";
import { createAuthorityCrl } from "@/lib/sealing/authority-crl";

export interface BuiltInAuthority {
  rootDer: Buffer;
  /**
   * a CRL issued at `at` (made here, so not checked again: parsing it back cost 3 ms a seal). The
   * caller says when: one collection of validation data passes its own time, so its lookups, run
   * side by side, share one list even when they straddle a second.
   */
  crl(at: Date): { der: Buffer; thisUpdate: Date };
}

export function builtInAuthorityOf(material: AuthorityMaterial): BuiltInAuthority {
  // One list per second (its thisUpdate's precision): the seal's and the TSA's certificates share it.
  let made: { second: number; der: Buffer; thisUpdate: Date } | undefined;
  return {
    rootDer: material.rootCertDer,
    crl(at) {
      const second = Math.floor(at.getTime() / 1000);
      if (made?.second !== second) made = { second, der: createAuthorityCrl(material.rootCertDer, material.rootKey, at), thisUpdate: new Date(second * 1000) };
      return { der: made.der, thisUpdate: made.thisUpdate };
    },
  };
}

const holder = globalThis as typeof globalThis & { __eonamBuiltInAuthority?: Promise<BuiltInAuthority> };

/** The service's own authority when the seal or the TSA is the built-in one; null otherwise. */
export async function builtInAuthority(): Promise<BuiltInAuthority | null> {
  const e = env();
  if (e.SEAL_DRIVER !== "local" && e.TSA_DRIVER !== "local") return null;
  holder.__eonamBuiltInAuthority ??= loadOrCreateAuthorityMaterial().then(builtInAuthorityOf, (err: unknown) => {
    holder.__eonamBuiltInAuthority = undefined;
    throw err;
  });
  return holder.__eonamBuiltInAuthority;
}
