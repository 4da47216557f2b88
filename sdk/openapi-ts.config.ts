// Generates the typed client (src/client/*.gen.ts) from the service's OpenAPI document:
//   EONAM_OPENAPI=https://onam.example.com.tr/v1/openapi.json npm run generate
// One client serves every installation: the document's server address is left out of the generated
// code (`servers` dropped, `baseUrl: false`), and createEonamClient() is given it at run time, so the
// same document generates the same files wherever it was fetched. Keep @hey-api/openapi-ts pinned
// exactly: another version generates other code, and the repository's test compares the output.
import { defineConfig } from "@hey-api/openapi-ts";

export default defineConfig({
  input: process.env.EONAM_OPENAPI ?? "http://localhost:3000/v1/openapi.json",
  output: { path: "src/client", importFileExtension: ".js" },
  parser: {
    patch: (spec) => {
      delete (spec as { servers?: unknown }).servers;
    },
  },
  plugins: [{ name: "@hey-api/client-fetch", baseUrl: false }, "@hey-api/typescript", "@hey-api/sdk"],
});
