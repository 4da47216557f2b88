// Checking a sealed PDF with the tools its readers use (decisions §14): poppler's pdfsig and
// pdfdetach, NSS's certutil for a trust store of our own, OpenSSL for the embedded timestamp.
import { execFileSync, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import * as asn1js from "asn1js";
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, type PDFRawStream } from "pdf-lib";
import { ContentInfo, SignedData } from "pkijs";
import { pemCertificates, derToPem } from "@/lib/timestamping/pem";

/** pdfsig's report; with `nssDir`, certificates are checked against that trust store. */
export function pdfsig(file: string, nssDir?: string): string {
  const r = spawnSync("pdfsig", [...(nssDir ? ["-nssdir", `sql:${nssDir}`] : []), file], { encoding: "utf8" });
  return `${r.stdout}${r.stderr}`;
}

/** A fresh NSS database trusting only the last certificate of `chainPem` (the root) for signing. */
export function trustStore(dir: string, chainPem: string): string {
  fs.mkdirSync(dir, { recursive: true });
  execFileSync("certutil", ["-N", "-d", `sql:${dir}`, "--empty-password"]);
  const root = pemCertificates(chainPem).at(-1)!;
  const rootFile = path.join(dir, "root.pem");
  fs.writeFileSync(rootFile, derToPem(root));
  execFileSync("certutil", ["-A", "-d", `sql:${dir}`, "-n", "seal-root", "-t", "CT,C,C", "-i", rootFile]);
  return dir;
}

/** The files embedded in the PDF, by name, as pdfdetach extracts them. */
export function detach(file: string, outDir: string): Record<string, Buffer> {
  fs.mkdirSync(outDir, { recursive: true });
  execFileSync("pdfdetach", ["-saveall", "-o", outDir, file]);
  return Object.fromEntries(fs.readdirSync(outDir).map((n) => [n, fs.readFileSync(path.join(outDir, n))]));
}

/** pdfsig's report cut into its "Signature #n" entries, in order. */
export function pdfsigEntries(report: string): string[] {
  return report.split(/^(?=Signature #\d+:)/m).slice(1);
}

/**
 * pdfsig's entry for a document time-stamp: poppler 22.12 (Debian 12) lists it with type "unknown"
 * and leaves it unchecked; a poppler that knows the ETSI.RFC3161 sub-filter names and checks it.
 */
export const DOC_TIMESTAMP_IN_PDFSIG = /Signature Type: ETSI\.RFC3161[^]*Signature Validation: Signature is Valid\.|Signature Type: unknown[^]*Unable to validate this type of signature/;

/** The CMS in a signature's /Contents (the last one unless `index` says) and the bytes its /ByteRange covers. */
export function signatureOf(pdf: Buffer, index = -1): { cms: Buffer; covered: Buffer; range: number[] } {
  const text = pdf.toString("latin1");
  const m = [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)].at(index);
  if (!m) throw new Error("no /ByteRange in the PDF");
  const [a, b, c, d] = m.slice(1, 5).map(Number) as [number, number, number, number];
  // The CMS is zero-padded to the reserved size: its own DER length says where it ends.
  const padded = Buffer.from(text.slice(b + 1, c - 1), "hex");
  const parsed = asn1js.fromBER(new Uint8Array(padded));
  if (parsed.offset === -1) throw new Error("the signature is not DER");
  return { cms: padded.subarray(0, parsed.offset), covered: Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]), range: [a, b, c, d] };
}

/** The signature-time-stamp token (DER) and the SHA-256 of the signature value it covers. */
export function signatureTimestamp(cms: Buffer): { token: Buffer; digest: string } | null {
  const info = ContentInfo.fromBER(new Uint8Array(cms));
  const signed = new SignedData({ schema: info.content });
  const signerInfo = signed.signerInfos[0]!;
  const attr = signerInfo.unsignedAttrs?.attributes.find((a) => a.type === "1.2.840.113549.1.9.16.2.14");
  if (!attr) return null;
  const token = Buffer.from((attr.values[0] as asn1js.Sequence).toBER());
  const digest = createHash("sha256").update(signerInfo.signature.valueBlock.valueHexView).digest("hex");
  return { token, digest };
}

export function opensslTsVerify(tokenFile: string, digest: string, caFile: string) {
  return spawnSync("openssl", ["ts", "-verify", "-token_in", "-in", tokenFile, "-digest", digest, "-CAfile", caFile], { encoding: "utf8" });
}

/** The document time-stamp (decisions §20): the last signature, whose dictionary is a /DocTimeStamp. */
export function docTimestampOf(pdf: Buffer): { cms: Buffer; covered: Buffer; range: number[] } {
  const text = pdf.toString("latin1");
  const dict = text.lastIndexOf("/Type /DocTimeStamp");
  if (dict < 0 || !/\/SubFilter \/ETSI\.RFC3161/.test(text.slice(dict, text.indexOf("/Contents", dict)))) throw new Error("no ETSI.RFC3161 document time-stamp");
  return signatureOf(pdf);
}

/** openssl ts -verify of a token over the data it time-stamps (not a digest). */
export function opensslTsVerifyData(tokenFile: string, dataFile: string, caFile: string) {
  return spawnSync("openssl", ["ts", "-verify", "-token_in", "-in", tokenFile, "-data", dataFile, "-CAfile", caFile], { encoding: "utf8" });
}

/** The CRLs in the catalog's (latest) DSS, DER. */
export async function dssCrls(pdf: Buffer): Promise<Buffer[]> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const dss = doc.catalog.lookupMaybe(PDFName.of("DSS"), PDFDict);
  const refs = dss?.lookupMaybe(PDFName.of("CRLs"), PDFArray)?.asArray() ?? [];
  return refs.map((r) => Buffer.from(decodePDFRawStream(doc.context.lookup(r) as PDFRawStream).decode()));
}

/** A time-stamp token's genTime, as OpenSSL reads it. */
export function tokenTime(token: Buffer, dir: string): Date {
  const file = path.join(dir, `token-${createHash("sha256").update(token).digest("hex").slice(0, 12)}.der`);
  fs.writeFileSync(file, token);
  const text = execFileSync("openssl", ["ts", "-reply", "-token_in", "-in", file, "-text"], { encoding: "utf8" });
  return new Date(/Time stamp: (.+)/.exec(text)![1]!);
}

/** A CRL's thisUpdate (lastUpdate), as OpenSSL reads it. */
export function crlThisUpdate(der: Buffer, dir: string): Date {
  const file = path.join(dir, `crl-${createHash("sha256").update(der).digest("hex").slice(0, 12)}.der`);
  fs.writeFileSync(file, der);
  return new Date(execFileSync("openssl", ["crl", "-inform", "DER", "-in", file, "-noout", "-lastupdate"], { encoding: "utf8" }).trim().replace(/^lastUpdate=/, ""));
}
