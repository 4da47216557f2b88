import nextPlugin from "@next/eslint-plugin-next";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: [".next/**", "node_modules/**", "data/**", "test-data/**", "next-env.d.ts", "lib/generated/**"] },
  ...tseslint.configs.recommended,
  {
    files: ["**/*.ts", "**/*.tsx"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    plugins: { "@next/next": nextPlugin },
    rules: {
      ...nextPlugin.configs.recommended.rules,
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-restricted-syntax": [
        "error",
        { selector: "MemberExpression[object.name='process'][property.name='env']", message: "Read settings through lib/env.ts." },
      ],
    },
  },
  // Settings are read in lib/env.ts only; these files run outside the app (CLI config, tests) or are
  // Next's own hook, which must look at NEXT_RUNTIME/NEXT_PHASE before anything else is loaded.
  {
    files: ["lib/env.ts", "prisma.config.ts", "instrumentation.ts", "tests/**", "docs/**", "*.config.*", "bench/**"],
    rules: { "no-restricted-syntax": "off" },
  },
);
