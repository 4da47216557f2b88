// decisions §24: the certificates a physician's qualified certificate must chain to, from the PEM file
// QUALIFIED_TRUST_ANCHORS (the ESHS roots an institution accepts). Read when needed and again when
// the file changes, so that a list updated by the operator holds without a restart. No setting, no
// file or no certificate in it: no anchor, and no qualified countersignature is accepted.
import fs from "node:fs/promises";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";
import { pemCertificates } from "@/lib/timestamping/pem";

let kept: { file: string; mtimeMs: number; anchors: Buffer[] } | null = null;

export async function qualifiedTrustAnchors(): Promise<Buffer[]> {
  const file = env().QUALIFIED_TRUST_ANCHORS;
  if (!file) return [];
  try {
    const stat = await fs.stat(/*turbopackIgnore: true*/ file);
    if (kept && kept.file === file && kept.mtimeMs === stat.mtimeMs) return kept.anchors;
    // A bundle of a few roots; anything larger than this is not a list of trust anchors.
    if (stat.size > 4 * 1024 * 1024) throw new Error("the file is larger than 4 MiB");
    const anchors = pemCertificates(await fs.readFile(/*turbopackIgnore: true*/ file, "utf8"));
    kept = { file, mtimeMs: stat.mtimeMs, anchors };
    return anchors;
  } catch (err) {
    logger().error({ err: err instanceof Error ? err.message : String(err) }, "QUALIFIED_TRUST_ANCHORS cannot be read: no qualified certificate is trusted");
    return [];
  }
}
