// The /docs page: Scalar's API reference rendering /v1/openapi.json. The renderer's browser bundle
// is served from the installed npm package, never a CDN: the page must work on an offline machine.
import fs from "node:fs/promises";
import path from "node:path";

const BUNDLE = path.join(process.cwd(), "node_modules", "@scalar", "api-reference", "dist", "browser", "standalone.js");

let bundle: Promise<Buffer> | undefined;

export function scalarBundle(): Promise<Buffer> {
  return (bundle ??= fs.readFile(BUNDLE).catch((err: unknown) => {
    bundle = undefined;
    throw err;
  }));
}

/** `nonce`: the request's CSP nonce (proxy.ts), without which the page's scripts would not run. */
export function referencePageHtml(nonce: string | null): string {
  const n = nonce && /^[A-Za-z0-9+/=_-]+$/.test(nonce) ? ` nonce="${nonce}"` : "";
  // Offline and private: no default fonts (Scalar's font CDN), no telemetry, and none of Scalar's
  // hosted extras (AI chat, MCP generator, developer toolbar), which would send the document to Scalar.
  const config = {
    url: "/v1/openapi.json",
    withDefaultFonts: false,
    telemetry: false,
    hideClientButton: false,
    theme: "default",
    agent: { disabled: true },
    mcp: { disabled: true },
    showDeveloperTools: "never",
  };
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>e-Onam API reference</title>
    <link rel="icon" href="/icon.svg" type="image/svg+xml" />
  </head>
  <body>
    <div id="app"></div>
    <script${n} src="/docs/scalar.js"></script>
    <script${n}>Scalar.createApiReference("#app", ${JSON.stringify(config)});</script>
  </body>
</html>`;
}
