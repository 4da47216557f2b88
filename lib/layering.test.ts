// npm run check enforces the layering (docs/design.md, "Layout"): these plant each kind of violation in the
// text of a real file and expect the check to name it.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");
const eslint = new ESLint({ cwd: ROOT });

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe("the layering npm run check enforces", () => {
  it("keeps lib/ from importing app/ or components/", async () => {
    expect(await problems("lib/clock.ts", 'import { panelMessages } from "@/components/panel/messages";\nexport const x = panelMessages;\n')).toEqual([
      expect.stringContaining("lib/ never imports components/"),
    ]);
    expect(await problems("lib/clock.ts", 'import { GET } from "@/app/api/ping/route";\nexport const x = GET;\n')).toEqual([
      expect.stringContaining("lib/ never imports app/"),
    ]);
  }, 120_000); // the first lint builds the import graph: ~6 s alone, over a minute beside two test passes

  it("keeps the signing and public pages from importing panel code", async () => {
    expect(await problems("components/signing/ui.tsx", 'import { Field } from "@/components/panel/field";\nexport const x = Field;\n')).toEqual([
      expect.stringContaining("never import panel code"),
    ]);
    expect(await problems("components/verify/verdict.tsx", 'import { requirePanelUser } from "@/lib/panel/require-panel-user";\nexport const x = requirePanelUser;\n')).toEqual([
      expect.stringContaining("never import panel code"),
    ]);
  }, 60_000);

  it("keeps domains out of the HTTP edge and the database out of app/", async () => {
    expect(await problems("lib/consents/phone.ts", 'import { withApiKey } from "@/lib/api/handler";\nexport const x = withApiKey;\n')).toEqual([
      expect.stringContaining("Only the HTTP edge"),
    ]);
    // lib/api itself may use its own modules.
    expect(await problems("lib/api/public-route.ts", 'import { pipeline } from "@/lib/api/pipeline";\nexport const x = pipeline;\n')).toEqual([]);
    expect(await problems("app/api/ping/route.ts", 'import { db } from "@/lib/db";\nexport const x = db;\n')).toEqual([expect.stringContaining("only lib/ touches the database")]);
    expect(await problems("app/api/ping/route.ts", 'import { Prisma } from "@prisma/client";\nexport const x = Prisma;\n')).toEqual([expect.stringContaining("only lib/ touches the database")]);
  }, 60_000);

  it("keeps every SQL statement in lib/db", async () => {
    const raw = 'import { Prisma } from "@prisma/client";\nimport { db } from "@/lib/db";\nexport const q = () => db().$queryRaw(Prisma.sql`SELECT 1`);\n';
    expect(await problems("lib/consents/phone.ts", raw)).toEqual([expect.stringContaining("SQL lives in lib/db/"), expect.stringContaining("SQL lives in lib/db/")]);
    expect(await problems("lib/db/tenants.ts", raw)).toEqual([]);
  }, 60_000);

  it("refuses a file over 400 lines", async () => {
    const long = Array.from({ length: 401 }, (_, i) => `export const x${i} = ${i};`).join("\n") + "\n";
    expect(await problems("lib/clock.ts", long)).toEqual([expect.stringContaining("max-lines")]);
  }, 60_000);

  it("refuses an import cycle (lib/time.ts → lib/clock.ts → lib/env.ts → lib/time.ts)", async () => {
    expect(await problems("lib/time.ts", 'import { now } from "@/lib/clock";\nexport const x = now;\n')).toEqual([expect.stringContaining("import-x/no-cycle")]);
  }, 60_000);

  it("finds a cycle of type-only imports too, which import-x skips", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "eonam-cycles-"));
    try {
      fs.writeFileSync(path.join(dir, "a.ts"), 'import type { B } from "./b";\nexport type A = { b?: B };\n');
      fs.writeFileSync(path.join(dir, "b.ts"), 'import type {\n  A,\n} from "./a";\nexport type B = { a?: A };\n');
      const run = () => execFileSync(process.execPath, [path.join(ROOT, "tests/import-cycles.mjs"), dir], { encoding: "utf8", stdio: "pipe" });
      expect(run).toThrow(/a\.ts ↔ b\.ts|b\.ts ↔ a\.ts/);
      fs.writeFileSync(path.join(dir, "b.ts"), "export type B = { a?: string };\n");
      expect(run()).toBe("");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
