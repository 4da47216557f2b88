// What the verifier says of a file (decisions §24 rule 5): every signature with its role, signer,
// qualified or not, valid, trusted and time; the checks made and what they found; warnings that lower
// the level without making the file invalid; and the verdict, VALID or INVALID with the first reason.
import type { Role } from "@/lib/verifier/trust-path";

export type Level = "B-B" | "B-T" | "B-LT" | "B-LTA";

export interface SignatureReport {
  role: Role;
  /** the signer certificate's common name */
  signer: string;
  subject: string;
  qualified: boolean;
  /** the signature (or token) holds over what it covers */
  valid: boolean;
  /** its chain ends at a trust anchor, every certificate valid then and none revoked before then */
  trusted: boolean;
  /** ISO 8601: a time-stamp's time, or the time the earliest time-stamp over it proves; the claimed time when none */
  time: string | null;
  /** the signature field's name, for a reader matching the list against a PDF viewer's */
  field: string | null;
  /** why it is not valid or not trusted */
  problem: string | null;
}

export type Outcome = "ok" | "failed" | "warning";

export interface Check {
  check: string;
  outcome: Outcome;
  detail: string;
}

export interface Report {
  valid: boolean;
  /** the first reason the file is INVALID */
  reason: string | null;
  /** the PAdES baseline level of the seal, by what the file holds; null without a valid seal */
  level: Level | null;
  consentId: string | null;
  /**
   * decisions §25: where the consent's status stands today (kanit.json's status_url). A file proves what
   * was signed; whether it was withdrawn or superseded since is only known there.
   */
  statusUrl: string | null;
  signatures: SignatureReport[];
  checks: Check[];
  warnings: string[];
}

export const ok = (check: string, detail: string): Check => ({ check, outcome: "ok", detail });
export const failed = (check: string, detail: string): Check => ({ check, outcome: "failed", detail });
export const warning = (check: string, detail: string): Check => ({ check, outcome: "warning", detail });
export const reason = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** The report of a file that could not be judged at all. */
export function refused(check: string, detail: string): Report {
  return { valid: false, reason: detail, level: null, consentId: null, statusUrl: null, signatures: [], checks: [failed(check, detail)], warnings: [] };
}
