// A client of one e-Onam installation with one API key: every generated operation takes it as
// `client` (or call `client.setConfig` on the default one).
import { createClient, createConfig, type Client } from "./client/client/index.js";
import type { ClientOptions } from "./client/types.gen.js";

export interface EonamClientOptions {
  /** the service's address, e.g. `https://onam.example.com.tr` (its APP_URL) */
  baseUrl: string;
  /** the API key id, `ak_…` */
  keyId: string;
  /** the key's secret, `sk_…` (shown once when the key was created) */
  secret: string;
  /** another fetch (a proxy agent, a test double); the global one by default */
  fetch?: typeof fetch;
}

export function createEonamClient(options: EonamClientOptions): Client {
  return createClient(
    createConfig<ClientOptions>({
      baseUrl: options.baseUrl.replace(/\/+$/, ""),
      // HTTP Basic: the generated operations declare it, and the client sends `Basic base64(id:secret)`.
      auth: () => `${options.keyId}:${options.secret}`,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    }),
  );
}
