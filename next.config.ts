import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // The API answers its own 404/405 problem+json; no trailing-slash redirects under /v1.
  skipTrailingSlashRedirect: true,
  // PGlite's data directory and the SMS outbox are runtime state, never part of the bundle.
  outputFileTracingExcludes: { "*": ["./data/**", "./test-data/**"] },
  // forbidden() in the panel: a signed-in user without the role gets a real 403, not a redirect.
  experimental: { authInterrupts: true },
  // piscina starts its threads from its own files: it must stay a plain node_modules package.
  serverExternalPackages: ["piscina"],
};

export default nextConfig;
