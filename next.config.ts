import type { NextConfig } from "next";
import { MAX_ACTION_BODY_BYTES } from "./lib/limits/action-body";

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // The API answers its own 404/405 problem+json; no trailing-slash redirects under /v1.
  skipTrailingSlashRedirect: true,
  // PGlite's data directory and the SMS outbox are runtime state, never part of the bundle.
  outputFileTracingExcludes: { "*": ["./data/**", "./test-data/**"] },
  // forbidden() in the panel: a signed-in user without the role gets a real 403, not a redirect.
  // A server action's body: at most what the template form needs (lib/limits/action-body.ts).
  experimental: { authInterrupts: true, serverActions: { bodySizeLimit: MAX_ACTION_BODY_BYTES } },
  // piscina starts its threads from its own files, and pkcs11js (SEAL_DRIVER=pkcs11) loads its native
  // addon from its own folder: both must stay plain node_modules packages.
  serverExternalPackages: ["piscina", "pkcs11js"],
};

export default nextConfig;
