import nextPlugin from "@next/eslint-plugin-next";
import tseslint from "typescript-eslint";

// The layering of STYLE.md: app → lib → db. lib/ is the service and never reaches up into pages or
// components; the pages a patient or a stranger opens never load panel code.
const UP_FROM_LIB = [
  { group: ["@/app/*", "**/app/*"], message: "lib/ never imports app/: move what both need into lib/." },
  { group: ["@/components/*", "**/components/*"], message: "lib/ never imports components/: pass the data down instead." },
];
const PANEL = [
  { group: ["@/components/panel/*", "@/lib/actions/*", "@/lib/users/*", "**/components/panel/*"], message: "Signing and public pages never import panel code." },
];
// Domains never reach up into the HTTP edge: what every layer shares (AppError, the response contract,
// limits, the client address) lives beside it, in lib/errors.ts, lib/contract/, lib/limits/, lib/server/.
const API_FROM_DOMAIN = [{ group: ["@/lib/api/*"], message: "Only the HTTP edge (app/, lib/api/) imports lib/api/: move what a domain needs into lib/errors.ts or lib/contract/." }];
// Route files and pages call lib/ operations; the database is lib/'s business.
const DB_FROM_APP = [{ group: ["@/lib/db", "@/lib/db/*", "@prisma/client", "@prisma/client/*"], message: "app/ calls a lib/ operation; only lib/ touches the database." }];
// Settings are read once, in lib/env.ts.
const ENV_READ = { selector: "MemberExpression[object.name='process'][property.name='env']", message: "Read settings through lib/env.ts." };
// Every SQL statement is written in lib/db/, one file per aggregate, as a named operation.
const RAW_SQL = [
  { selector: "MemberExpression[property.name=/^\\$(queryRaw|executeRaw)(Unsafe)?$/]", message: "SQL lives in lib/db/: add a named operation there." },
  { selector: "MemberExpression[object.name='Prisma'][property.name=/^(sql|raw|join)$/]", message: "SQL lives in lib/db/: add a named operation there." },
];

// Every database access is a named operation in lib/db/ (issue #46): elsewhere no Prisma client or
// Prisma transaction client is imported, no Prisma transaction is opened (transaction() from @/lib/db
// is the one transaction API), and no model is called on a client or a transaction.
const DB_ACCESS_MESSAGE = "Database access lives in lib/db/: call (or add) a named operation there.";
const PRISMA_MODEL_CALL = "/^(findUnique|findFirst|findMany|create|createMany|update|updateMany|delete|deleteMany|upsert|count|aggregate|groupBy)(OrThrow)?$/";
const DB_ACCESS = [
  { selector: "ImportDeclaration[source.value='@/lib/db'] > ImportSpecifier[imported.name=/^(db|dbHandle|PrismaTx)$/]", message: DB_ACCESS_MESSAGE },
  { selector: "MemberExpression[property.name='$transaction']", message: "Open a transaction with transaction() from @/lib/db; its statements are named operations in lib/db/." },
  // db().consent.findFirst(…): a model call on the client itself …
  { selector: `CallExpression[callee.property.name=${PRISMA_MODEL_CALL}][callee.object.type='MemberExpression'][callee.object.object.type='CallExpression'][callee.object.object.callee.name='db']`, message: DB_ACCESS_MESSAGE },
  // … or on a name a client or a transaction goes by (tx.user.update(…), prisma.consent.count(…)).
  // Only these receivers: Buffer.from, crypto's createHash and the SDKs' clients stay out of it.
  { selector: `CallExpression[callee.property.name=${PRISMA_MODEL_CALL}][callee.object.type='MemberExpression'][callee.object.object.name=/^(tx|prisma|client|db)$/]`, message: DB_ACCESS_MESSAGE },
];
// Forms validate in the browser through components/form-resolver.ts, which keeps zod from probing for eval under the CSP.
const RESOLVER = [{ name: "@hookform/resolvers/zod", message: "Import zodResolver from @/components/form-resolver." }];

export default tseslint.config(
  // Generated code: Prisma's client, and the SDK's client (sdk/src/client, made by @hey-api/openapi-ts
  // and compared with a fresh generation by tests/api/sdk-generated.test.ts).
  { ignores: [".next/**", "node_modules/**", "data/**", "test-data/**", "next-env.d.ts", "lib/generated/**", "sdk/src/client/**", "sdk/dist/**", "sdk/node_modules/**", "verifier/dist/**", "verifier/node_modules/**", "imza-agent/dist/**", "imza-agent/node_modules/**", "vendor/**"] },
  ...tseslint.configs.recommended,
  {
    files: ["**/*.ts", "**/*.tsx"],
    languageOptions: { parserOptions: { project: "./tsconfig.json", tsconfigRootDir: import.meta.dirname } },
    plugins: { "@next/next": nextPlugin },
    rules: {
      ...nextPlugin.configs.recommended.rules,
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-restricted-syntax": ["error", ENV_READ, ...RAW_SQL, ...DB_ACCESS],
      // A file past 400 lines holds more than one idea: split it (tests included).
      "max-lines": ["error", { max: 400 }],
    },
  },
  { files: ["lib/**"], rules: { "no-restricted-imports": ["error", { patterns: [...UP_FROM_LIB, ...API_FROM_DOMAIN] }] } },
  { files: ["lib/api/**"], rules: { "no-restricted-imports": ["error", { patterns: UP_FROM_LIB }] } },
  { files: ["app/**"], rules: { "no-restricted-imports": ["error", { patterns: DB_FROM_APP }] } },
  {
    files: ["app/(signing)/**", "app/(public)/**", "app/api/public/**", "app/d/**", "app/k/**", "components/signing/**", "components/verify/**", "components/ui/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [...PANEL, ...DB_FROM_APP], paths: RESOLVER }] },
  },
  { files: ["app/(panel)/**"], rules: { "no-restricted-imports": ["error", { patterns: DB_FROM_APP, paths: RESOLVER }] } },
  { files: ["components/panel/**"], rules: { "no-restricted-imports": ["error", { paths: RESOLVER }] } },
  // lib/db is where SQL is written and the database is touched.
  { files: ["lib/db.ts", "lib/db/**"], rules: { "no-restricted-syntax": ["error", ENV_READ] } },
  // Settings are read in lib/env.ts only; these files run outside the app (CLI config, tests) or are
  // Next's own hook, which must look at NEXT_RUNTIME/NEXT_PHASE before anything else is loaded.
  {
    files: ["lib/env.ts", "prisma.config.ts", "instrumentation.ts", "*.config.*", "sdk/*.config.*"],
    rules: { "no-restricted-syntax": ["error", ...RAW_SQL, ...DB_ACCESS] },
  },
  // Tests and benchmarks set up the process they run in, and reach into the database on purpose
  // (tampering with a record, prefilling a million rows).
  { files: ["tests/**", "docs/**", "bench/**", "**/*.test.ts"], rules: { "no-restricted-syntax": "off" } },
);
