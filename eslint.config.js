import nextPlugin from "@next/eslint-plugin-next";
import importX from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import tseslint from "typescript-eslint";

// The layering of STYLE.md: app → lib → db. lib/ is the service and never reaches up into pages or
// components; the pages a patient or a stranger opens never load panel code.
const UP_FROM_LIB = [
  { group: ["@/app/*", "**/app/*"], message: "lib/ never imports app/: move what both need into lib/." },
  { group: ["@/components/*", "**/components/*"], message: "lib/ never imports components/: pass the data down instead." },
];
const PANEL = [
  { group: ["@/components/panel/*", "@/lib/panel/*", "**/components/panel/*"], message: "Signing and public pages never import panel code." },
];
// Forms validate in the browser through components/form-resolver.ts, which keeps zod from probing for eval under the CSP.
const RESOLVER = [{ name: "@hookform/resolvers/zod", message: "Import zodResolver from @/components/form-resolver." }];

export default tseslint.config(
  { ignores: [".next/**", "node_modules/**", "data/**", "test-data/**", "next-env.d.ts", "lib/generated/**"] },
  ...tseslint.configs.recommended,
  {
    files: ["**/*.ts", "**/*.tsx"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    plugins: { "@next/next": nextPlugin, "import-x": importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
    },
    rules: {
      ...nextPlugin.configs.recommended.rules,
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      // A cycle makes load order matter and hides which module owns what (type-only imports included).
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "no-restricted-syntax": [
        "error",
        { selector: "MemberExpression[object.name='process'][property.name='env']", message: "Read settings through lib/env.ts." },
      ],
    },
  },
  { files: ["lib/**"], rules: { "no-restricted-imports": ["error", { patterns: UP_FROM_LIB }] } },
  {
    files: ["app/(signing)/**", "app/(public)/**", "app/api/public/**", "app/d/**", "app/k/**", "components/signing/**", "components/verify/**", "components/ui/**"],
    rules: { "no-restricted-imports": ["error", { patterns: PANEL, paths: RESOLVER }] },
  },
  { files: ["app/(panel)/**", "components/panel/**"], rules: { "no-restricted-imports": ["error", { paths: RESOLVER }] } },
  // Settings are read in lib/env.ts only; these files run outside the app (CLI config, tests) or are
  // Next's own hook, which must look at NEXT_RUNTIME/NEXT_PHASE before anything else is loaded.
  {
    files: ["lib/env.ts", "prisma.config.ts", "instrumentation.ts", "tests/**", "docs/**", "*.config.*", "bench/**"],
    rules: { "no-restricted-syntax": "off" },
  },
);
