// Every operation of the API keys — /v1 and the FHIR R4 reads of decisions §21 — named "METHOD path"
// as the OpenAPI document names it, with the scope its key must carry (null: any valid key) and the
// body it reads. Each route takes its options from here by
// name and the OpenAPI document its "Scope:" lines, so the two cannot disagree.
import type { Scope } from "@/lib/contract/enums";

export interface Endpoint {
  scope: Scope | null;
  /** "required": a JSON object body; "optional": `{}` when empty; "none": not read */
  body: "required" | "optional" | "none";
}

export const ENDPOINTS = {
  "GET /v1/me": { scope: null, body: "none" },
  "GET /v1/templates": { scope: "sablon:oku", body: "none" },
  "POST /v1/templates": { scope: "sablon:yaz", body: "required" },
  "GET /v1/templates/{kod}": { scope: "sablon:oku", body: "none" },
  "PUT /v1/templates/{kod}": { scope: "sablon:yaz", body: "required" },
  // decisions §22: a recording's bytes are the body, read by the handler itself within 10 MiB (not JSON).
  "GET /v1/templates/{kod}/audio/{dil}": { scope: "sablon:oku", body: "none" },
  "PUT /v1/templates/{kod}/audio/{dil}": { scope: "sablon:yaz", body: "none" },
  "DELETE /v1/templates/{kod}/audio/{dil}": { scope: "sablon:yaz", body: "none" },
  "GET /v1/consents": { scope: "onam:oku", body: "none" },
  "POST /v1/consents": { scope: "onam:yaz", body: "required" },
  "POST /v1/consent/create": { scope: "onam:yaz", body: "required" },
  "GET /v1/consents/{id}": { scope: "onam:oku", body: "none" },
  "GET /v1/consents/{id}/events": { scope: "onam:oku", body: "none" },
  "POST /v1/consents/{id}/cancel": { scope: "onam:yaz", body: "optional" },
  "POST /v1/consents/{id}/resend": { scope: "onam:yaz", body: "optional" },
  "POST /v1/consents/{id}/timestamp": { scope: "onam:yaz", body: "optional" },
  "POST /v1/consents/{id}/withdraw": { scope: "onam:yaz", body: "optional" },
  "POST /v1/consents/{id}/countersign": { scope: "onam:yaz", body: "required" },
  "POST /v1/consents/{id}/countersign/prepare": { scope: "onam:yaz", body: "required" },
  "POST /v1/consents/{id}/refusal": { scope: "onam:yaz", body: "required" },
  "POST /v1/consents/{id}/reconsent": { scope: "onam:yaz", body: "optional" },
  "POST /v1/verify": { scope: null, body: "required" },
  "GET /fhir/r4/Consent": { scope: "onam:oku", body: "none" },
  "GET /fhir/r4/Consent/{id}": { scope: "onam:oku", body: "none" },
  "GET /fhir/r4/DocumentReference/{id}": { scope: "onam:oku", body: "none" },
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof ENDPOINTS;
