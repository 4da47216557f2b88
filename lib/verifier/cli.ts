// npx e-onam-verify <file.pdf> [--key <log key | file>] [--trust <pem>]… [--statement <file>]… [--json]
// Decisions §24 rule 5: every signature with its role, signer, qualified or not, valid, trusted and
// time; the checks; the warnings; the last line `VALID` or `INVALID: <reason>`. Exit status: 0 only for
// VALID, 1 for INVALID, 2 when the command line or a file given cannot be used.
import fs from "node:fs";
import { parseVerifierKey, type ParsedVerifierKey } from "@/lib/transparency/note";
import { pemCertificates } from "@/lib/timestamping/pem";
import { certInfo } from "@/lib/verifier/certificates";
import type { Report } from "@/lib/verifier/report";
import { verifyPdf } from "@/lib/verifier/verify-pdf";

const USAGE = `usage: e-onam-verify <file.pdf> [--key <log key, or a file holding it>] [--trust <certificates.pem>]... [--statement <trust statement file>]... [--json]

  --key        the service's log key (GET <service>/log/key): checks the evidence log's checkpoint and the
               service's trust statement, which pins the seal and time-stamping certificates it has used
  --trust      a PEM file of trust anchors (a root or an issuing CA), for signatures the statement does
               not cover: an institution's e-seal, a physician's qualified certificate; repeatable
  --statement  a trust statement saved from <service>/log/trust, newer than the one the file embeds
  --json       the same report as JSON`;

const MAX_PDF_BYTES = 256 * 1024 * 1024;

interface CliArgs {
  file: string;
  key: ParsedVerifierKey | null;
  trust: Buffer[];
  statements: string[];
  json: boolean;
}

class UsageError extends Error {}

const read = (file: string, what: string) => {
  try {
    return fs.readFileSync(file);
  } catch (err) {
    throw new UsageError(`${what} ${file}: ${err instanceof Error ? err.message : String(err)}`);
  }
};

export function parseArgs(argv: string[]): CliArgs {
  let file: string | null = null;
  let keyText: string | null = null;
  const trust: Buffer[] = [];
  const statements: string[] = [];
  let json = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const [flag, inline] = a.startsWith("--") && a.includes("=") ? [a.slice(0, a.indexOf("=")), a.slice(a.indexOf("=") + 1)] : [a, undefined];
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined || v === "") throw new UsageError(`${flag} needs a value`);
      return v;
    };
    if (flag === "--json") json = true;
    else if (flag === "--key") keyText = value();
    else if (flag === "--trust") {
      const name = value();
      const ders = pemCertificates(read(name, "--trust").toString("utf8"));
      if (ders.length === 0) throw new UsageError(`--trust ${name}: no PEM certificate in the file`);
      for (const der of ders) {
        try {
          certInfo(der);
        } catch {
          throw new UsageError(`--trust ${name}: a certificate in the file cannot be read`);
        }
      }
      trust.push(...ders);
    } else if (flag === "--statement") statements.push(read(value(), "--statement").toString("utf8"));
    else if (flag.startsWith("-") || file !== null) throw new UsageError(`unexpected argument ${a}`);
    else file = a;
  }
  if (file === null) throw new UsageError("no PDF given");
  let key: ParsedVerifierKey | null = null;
  if (keyText !== null) {
    // A key may be given as the file /log/key was saved to.
    const text = !keyText.includes("+") && fs.existsSync(keyText) ? read(keyText, "--key").toString("utf8").trim() : keyText;
    key = parseVerifierKey(text);
    if (!key) throw new UsageError("--key is not a note verifier key (<name>+<key id hex>+<base64 key>, as GET /log/key serves it)");
  }
  return { file, key, trust, statements, json };
}

function text(report: Report): string {
  const lines: string[] = [];
  const mark = (good: boolean) => (good ? "✓" : "✗");
  lines.push("signatures:");
  if (report.signatures.length === 0) lines.push("  (none)");
  for (const s of report.signatures) {
    const props = [s.valid ? "valid" : "NOT VALID", s.trusted ? "trusted" : "NOT TRUSTED", s.qualified ? "qualified" : "not qualified", s.time ?? "no time"];
    lines.push(`  ${mark(s.valid && s.trusted)} ${s.role.padEnd(18)} ${s.signer} — ${props.join(", ")}${s.problem ? `\n      ${s.problem}` : ""}`);
  }
  lines.push("checks:");
  for (const c of report.checks.filter((c) => c.outcome !== "warning")) lines.push(`  ${mark(c.outcome === "ok")} ${c.check}: ${c.detail}`);
  if (report.warnings.length) {
    lines.push("warnings:");
    for (const w of report.warnings) lines.push(`  ! ${w}`);
  }
  // decisions §25: the file cannot say whether the consent still stands.
  lines.push(
    report.statusUrl
      ? `status: ${report.statusUrl} — the consent may have been withdrawn or superseded since it was signed; look its status up there`
      : `status: the consent may have been withdrawn or superseded since it was signed; look ${report.consentId ?? "it"} up at the service that issued the file`,
  );
  lines.push(`level: ${report.level ?? "none"}`);
  lines.push(report.valid ? "VALID" : `INVALID: ${report.reason}`);
  return lines.join("\n");
}

export function main(argv: string[]): number {
  if (argv.includes("--help") || argv.includes("-h")) {
    console.log(USAGE);
    return 0;
  }
  let args: CliArgs;
  let pdf: Buffer;
  try {
    args = parseArgs(argv);
    if (fs.statSync(args.file, { throwIfNoEntry: false })?.isFile() !== true) throw new UsageError(`${args.file}: no such file`);
    if (fs.statSync(args.file).size > MAX_PDF_BYTES) throw new UsageError(`${args.file}: larger than 256 MiB`);
    pdf = read(args.file, "PDF");
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    console.error(`${err.message}\n\n${USAGE}`);
    return 2;
  }
  const report = verifyPdf(pdf, { key: args.key, trust: args.trust, statements: args.statements });
  if (args.json) {
    const { consentId, statusUrl, ...rest } = report;
    console.log(JSON.stringify({ file: args.file, ...rest, consent_id: consentId, status_url: statusUrl }, null, 2));
  } else console.log(`${args.file}\n${text(report)}`);
  return report.valid ? 0 : 1;
}
