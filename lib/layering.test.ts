// npm run check enforces the layering (docs/design.md, "Layout"): these plant each kind of violation in the
// text of a real file and expect the check to name it.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");
// The project's own configuration, without type information: no layering rule needs it, and building
// the project's program for the first lint took over two minutes beside CI's other lanes.
const eslint = new ESLint({
  cwd: ROOT,
  overrideConfig: { languageOptions: { parserOptions: { project: false } }, rules: { "@typescript-eslint/no-floating-promises": "off" } },
});

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
  });

  it("keeps the signing and public pages from importing panel code", async () => {
    expect(await problems("components/signing/ui.tsx", 'import { Field } from "@/components/panel/field";\nexport const x = Field;\n')).toEqual([
      expect.stringContaining("never import panel code"),
    ]);
    expect(await problems("components/verify/verdict.tsx", 'import { requirePanelUser } from "@/lib/users/require-panel-user";\nexport const x = requirePanelUser;\n')).toEqual([
      expect.stringContaining("never import panel code"),
    ]);
  });

  it("keeps domains out of the HTTP edge and the database out of app/", async () => {
    expect(await problems("lib/phone.ts", 'import { withApiKey } from "@/lib/api/handler";\nexport const x = withApiKey;\n')).toEqual([
      expect.stringContaining("Only the HTTP edge"),
    ]);
    // lib/api itself may use its own modules.
    expect(await problems("lib/api/public-route.ts", 'import { pipeline } from "@/lib/api/pipeline";\nexport const x = pipeline;\n')).toEqual([]);
    expect(await problems("app/api/ping/route.ts", 'import { db } from "@/lib/db";\nexport const x = db;\n')).toEqual([
      expect.stringContaining("only lib/ touches the database"),
      expect.stringContaining("Database access lives in lib/db/"),
    ]);
    expect(await problems("app/api/ping/route.ts", 'import { Prisma } from "@prisma/client";\nexport const x = Prisma;\n')).toEqual([expect.stringContaining("only lib/ touches the database")]);
  });

  it("keeps every SQL statement in lib/db", async () => {
    const raw = 'import { Prisma } from "@prisma/client";\nimport type { Tx } from "@/lib/db";\nexport const q = (tx: Tx) => tx.$queryRaw(Prisma.sql`SELECT 1`);\n';
    expect(await problems("lib/phone.ts", raw)).toEqual([expect.stringContaining("SQL lives in lib/db/"), expect.stringContaining("SQL lives in lib/db/")]);
    expect(await problems("lib/db/tenants.ts", raw)).toEqual([]);
  });

  it("keeps every database access in lib/db", async () => {
    const access = 'import { db } from "@/lib/db";\nexport const find = (id: string) => db().consent.findFirst({ where: { id } });\n';
    const named = "Database access lives in lib/db/";
    expect(await problems("lib/phone.ts", access)).toEqual([expect.stringContaining(named), expect.stringContaining(named)]);
    expect(await problems("lib/db/consents.ts", access)).toEqual([]);
    const tx = 'import type { PrismaTx } from "@/lib/db";\nexport const bump = (tx: PrismaTx) => tx.user.updateMany({ where: {}, data: {} });\n';
    expect(await problems("lib/users/roles.ts", tx)).toEqual([expect.stringContaining(named), expect.stringContaining(named)]);
    const opened = 'import { transaction } from "@/lib/db";\ndeclare const client: { $transaction(fn: () => Promise<void>): Promise<void> };\nexport const run = () => transaction(async () => client.$transaction(async () => undefined));\n';
    expect(await problems("lib/users/roles.ts", opened)).toEqual([expect.stringContaining("transaction() from @/lib/db")]);
    // Other objects' create/update/count calls are not database access.
    const others = 'import { createHash } from "node:crypto";\nexport const h = createHash("sha256").update("x").digest("hex");\nexport const m = new Map<string, number>();\nexport const b = Buffer.from("x");\nexport const o = Object.create(null);\n';
    expect(await problems("lib/users/roles.ts", others)).toEqual([]);
  });

  it("refuses a file over 400 lines", async () => {
    const long = Array.from({ length: 401 }, (_, i) => `export const x${i} = ${i};`).join("\n") + "\n";
    expect(await problems("lib/clock.ts", long)).toEqual([expect.stringContaining("max-lines")]);
  });

  it("refuses an import cycle, whichever import closes it: a value, a type, a side effect, a dynamic import or ESM's .js name", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "eonam-cycles-"));
    try {
      const run = () => execFileSync(process.execPath, [path.join(ROOT, "tests/import-cycles.mjs"), dir], { encoding: "utf8", stdio: "pipe" });
      fs.writeFileSync(path.join(dir, "a.ts"), 'import type { B } from "./b";\nexport type A = { b?: B };\n');
      for (const closing of [
        'import { a } from "./a";\nexport const b = a;\n',
        'import type {\n  A,\n} from "./a";\nexport type B = { a?: A };\n',
        'import "./a";\nexport type B = string;\n',
        'export type B = string;\nexport const load = () => import("./a");\n',
        'import type { A } from "./a.js";\nexport type B = { a?: A };\n',
      ]) {
        fs.writeFileSync(path.join(dir, "b.ts"), closing);
        expect(run).toThrow(/a\.ts ↔ b\.ts|b\.ts ↔ a\.ts/);
      }
      fs.writeFileSync(path.join(dir, "b.ts"), "export type B = { a?: string };\n");
      expect(run()).toBe("");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("finds a cycle between lib's folders where no file cycle is, and names the imports behind it", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "eonam-floors-"));
    try {
      const write = (file: string, text: string) => {
        fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
        fs.writeFileSync(path.join(dir, file), text);
      };
      // documents/ (a low floor) reaches up into consents/, which stands on documents/: three files, no file cycle.
      write("lib/documents/render.ts", 'import { title } from "@/lib/consents/title";\nexport const render = () => title;\n');
      write("lib/consents/title.ts", 'import { fonts } from "@/lib/documents/fonts";\nexport const title = fonts;\n');
      write("lib/documents/fonts.ts", "export const fonts = 1;\n");
      // A test may set its case up from any floor: it makes no edge.
      write("lib/documents/render.test.ts", 'import { title } from "@/lib/consents/title";\nexport const t = title;\n');
      const run = () => execFileSync(process.execPath, [path.join(ROOT, "tests/import-cycles.mjs"), dir], { encoding: "utf8", stdio: "pipe" });
      let stderr = "";
      try {
        run();
      } catch (e) {
        stderr = String((e as { stderr?: string }).stderr);
      }
      expect(stderr).toContain("consents ↔ documents");
      expect(stderr).toContain("lib/documents/render.ts -> lib/consents/title.ts");
      expect(stderr).toContain("lib/consents/title.ts -> lib/documents/fonts.ts");
      expect(stderr).not.toContain("render.test.ts");
      // The renderer takes its title as an input instead: the floors hold.
      write("lib/documents/render.ts", "export const render = (title: number) => title;\n");
      expect(run()).toBe("");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
