// npx e-onam-verify <file.pdf> [--key <log key | file holding it>] [--json]
// Exit status: 0 every check holds; 1 one fails; 2 usage; 3 all hold but the checkpoint's signature
// could not be checked (no --key).
import fs from "node:fs";
import { verifyPdf } from "@/lib/verifier/verify-pdf";

const USAGE = "usage: e-onam-verify <file.pdf> [--key <log key, or a file holding it>] [--json]";
const MAX_PDF_BYTES = 256 * 1024 * 1024;

function parseArgs(argv: string[]): { file: string; key: string | null; json: boolean } | null {
  let file: string | null = null;
  let key: string | null = null;
  let json = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--json") json = true;
    else if (a === "--key") key = argv[++i] ?? null;
    else if (a.startsWith("--key=")) key = a.slice("--key=".length);
    else if (a.startsWith("-") || file !== null) return null;
    else file = a;
  }
  if (file === null || (argv.includes("--key") && key === null)) return null;
  // A key may be given as the file /log/key was saved to.
  if (key !== null && !key.includes("+") && fs.existsSync(key)) key = fs.readFileSync(key, "utf8").trim();
  return { file, key, json };
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  if (!args) {
    console.error(USAGE);
    return 2;
  }
  let pdf: Buffer;
  try {
    if (fs.statSync(args.file).size > MAX_PDF_BYTES) throw new Error("larger than 256 MiB");
    pdf = fs.readFileSync(args.file);
  } catch (err) {
    console.error(`${args.file}: ${err instanceof Error ? err.message : String(err)}`);
    return 2;
  }
  const verdicts = await verifyPdf(pdf, args.key);
  const status = verdicts.some((v) => v.outcome === "failed") ? 1 : verdicts.some((v) => v.outcome === "unchecked") ? 3 : 0;
  if (args.json) console.log(JSON.stringify({ file: args.file, ok: status === 0, verdicts }, null, 2));
  else {
    const mark = { ok: "✓", failed: "✗", unchecked: "?" } as const;
    for (const v of verdicts) console.log(`${mark[v.outcome]} ${v.check}: ${v.detail}`);
    console.log(status === 0 ? "VALID: every check holds" : status === 3 ? "INCOMPLETE: the checkpoint's signature was not checked (--key)" : "INVALID");
  }
  return status;
}

process.exitCode = await main();
