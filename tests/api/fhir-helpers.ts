// Calling the FHIR R4 API (decisions §21) in API tests, and the checks every answer gets: its media
// type, an OperationOutcome for every error, and validity against the official R4 definitions.
import type { Resource } from "@medplum/fhirtypes";
import { expect } from "vitest";
import { call, type CallOptions, type CallResult } from "./client";
import { signaturePng, signer, tokenOf, verifiedSession } from "./signing-helpers";
import type { Consent } from "./consent-helpers";
import { validateR4 } from "@/tests/fixtures/fhir-r4";

/** The consent's FHIR id: its /v1 id with "-" for "_". */
export const fhirId = (id: string) => id.replaceAll("_", "-");

export async function fhir<T = Record<string, unknown>>(path: string, opts: CallOptions & { method?: string } = {}): Promise<CallResult<T>> {
  return call<T>(opts.method ?? "GET", `/fhir/r4${path}`, { ...opts, headers: { Accept: "application/fhir+json", ...opts.headers } });
}

/** A 200 in application/fhir+json whose body is a valid R4 resource of the given type. */
export async function expectResource<T extends Resource>(res: CallResult, type: T["resourceType"]): Promise<T> {
  expect(res.status, res.text).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/fhir+json; charset=utf-8");
  expect(res.headers.get("cache-control")).toBe("no-store");
  expect(res.body.resourceType).toBe(type);
  expect(await validateR4(res.body as unknown as Resource), `${type} against R4`).toEqual([]);
  return res.body as unknown as T;
}

/**
 * An error as an OperationOutcome (never problem+json), valid R4, with the service's error code;
 * `param`: the parameter the issue must name. Never a stack trace or SQL.
 */
export async function expectOutcome(res: CallResult, status: number, code: string, param?: string): Promise<void> {
  expect(res.status, res.text).toBe(status);
  expect(res.headers.get("content-type")).toBe("application/fhir+json; charset=utf-8");
  expect(res.body.resourceType, res.text).toBe("OperationOutcome");
  expect(await validateR4(res.body as unknown as Resource), "OperationOutcome against R4").toEqual([]);
  const issues = res.body.issue as { code: string; details: { coding: { code: string }[]; text: string }; expression?: string[] }[];
  expect(issues[0]!.details.coding[0]!.code).toBe(code);
  expect(issues[0]!.details.text.length).toBeGreaterThan(0);
  if (param !== undefined) expect(issues.flatMap((i) => i.expression ?? [])).toContain(param);
  expect(res.text).not.toMatch(/\bat .*\.(js|ts):\d+|prisma|SELECT /i);
  expect(res.headers.get("x-request-id")).toBeTruthy();
  if (status === 401) expect(res.headers.get("www-authenticate")).toBe('Basic realm="api"');
}

/** The person verifies a code and signs (decisions §7), on the shared server; `extra`: a witness's signature, say. */
export async function personSigns(c: Consent, extra: Record<string, unknown> = {}): Promise<void> {
  const cookie = await verifiedSession(tokenOf(c), c.id);
  const res = await signer(tokenOf(c), "sign", { read: true, understood: true, signature: await signaturePng(), ...extra }, cookie);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** The person verifies a code and declines. */
export async function personDeclines(c: Consent): Promise<void> {
  const cookie = await verifiedSession(tokenOf(c), c.id);
  expect((await signer(tokenOf(c), "decline", { reason: "Vazgeçtim" }, cookie)).status).toBe(200);
}

/** The institution's systems on the shared server (APP_URL is the server's address). */
export const systemsOf = (base: string, tenant = "acme") => ({
  consent: `${base}/fhir/sid/onam`,
  patient: `${base}/fhir/sid/hasta/${tenant}`,
  externalRef: `${base}/fhir/sid/dis-ref/${tenant}`,
  institution: `${base}/fhir/sid/kurum`,
});
