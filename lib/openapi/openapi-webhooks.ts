// The webhooks section of the OpenAPI document: what the service POSTs to the tenant's endpoint.
import { TEST_EVENT, WEBHOOK_EVENTS } from "@/lib/webhooks/events";
import { EXAMPLES } from "@/lib/openapi/examples";
import { ref, type Json } from "@/lib/openapi/openapi-parts";

const webhookHeaders = (event: string) => [
  { name: "X-Service-Event", in: "header", required: true, schema: { type: "string", enum: [event] }, description: "event kind" },
  {
    name: "X-Service-Delivery",
    in: "header",
    required: true,
    schema: { type: "string", pattern: "^[0-9]+$" },
    description: "numeric delivery id, the same across retries and manual resends; also `delivery_id` in the body",
  },
  { name: "X-Service-Timestamp", in: "header", required: true, schema: { type: "string", pattern: "^[0-9]+$" }, description: "Unix seconds of this attempt (signed afresh per attempt)" },
  {
    name: "X-Service-Signature",
    in: "header",
    required: true,
    schema: { type: "string", pattern: "^sha256=[0-9a-f]{64}(,sha256=[0-9a-f]{64})*$" },
    description:
      '`sha256=` + hex HMAC-SHA256(signing secret, X-Service-Timestamp + "." + raw body). During a secret rotation two, comma-separated, the new one first; accept when any matches. Reject timestamps more than 300 s from your clock.',
  },
  // decisions §21: the same delivery under Standard Webhooks (https://www.standardwebhooks.com), so
  // that any of its libraries verifies it.
  { name: "webhook-id", in: "header", required: true, schema: { type: "string", pattern: "^[0-9]+$" }, description: "Standard Webhooks: the delivery id (as X-Service-Delivery)" },
  { name: "webhook-timestamp", in: "header", required: true, schema: { type: "string", pattern: "^[0-9]+$" }, description: "Standard Webhooks: Unix seconds of this attempt (as X-Service-Timestamp)" },
  {
    name: "webhook-signature",
    in: "header",
    required: true,
    schema: { type: "string", pattern: "^v1,[A-Za-z0-9+/]{43}=( v1,[A-Za-z0-9+/]{43}=)*$" },
    description:
      'Standard Webhooks: `v1,` + base64 HMAC-SHA256(key, webhook-id + "." + webhook-timestamp + "." + raw body), the key being the signing secret without `whsec_`, base64-decoded. During a secret rotation two, space-separated, the new one first. `new Webhook(secret).verify(rawBody, headers)` of the `standardwebhooks` library checks it.',
  },
];

const WEBHOOK_TEXT: Record<(typeof WEBHOOK_EVENTS)[number], string> = {
  "consent.completed": "The person signed, the document exists and the first timestamp attempt cycle ended (`data.timestamp.status` says which).",
  "consent.rejected": "The person declined (after verifying an OTP code), or a refusal to sign was put on record with a witness (decisions §19: POST /v1/consents/{id}/refusal; its Ret Tutanağı document at document.pdf_url).",
  "consent.expired": "`expires_at` passed without an answer.",
  "consent.cancelled": "The institution cancelled (not subscribed by default).",
  "consent.withdrawn": "The person withdrew a signed consent, through the API, the panel or the signing link (not subscribed by default; decisions §18).",
  "consent.signed": "The person signed a consent that needs the informing physician's countersignature: status `signed` until POST /v1/consents/{id}/countersign or the panel records it (not subscribed by default; decisions §19).",
  "consent.reconsent_required":
    "A material change of the consent's template was published (`PUT /v1/templates/{kod}` with `yayimla: true, degisiklik: \"esasli\"`): the completed consent, on an earlier version, now has `reconsent_required: true`. Sent once per consent, in the background after the publish; create its re-consent with POST /v1/consents/{id}/reconsent (not subscribed by default; decisions §22).",
  "consent.superseded":
    "The consent's re-consent (`replaced_by`) completed: status `superseded` (`Yenilendi`). Follows the new consent's `consent.completed` (not subscribed by default; decisions §22).",
};

const RETRIES =
  " Sent to the tenant's https endpoint. A 2xx answer is success; anything else, a timeout (10 s) or a redirect is retried: immediately, 1 m, 5 m, 15 m, 1 h, 6 h, 24 h. De-duplicate on `delivery_id`; order by `created_at`.";

function webhook(event: string, description: string, payload: string, example: Json): Json {
  return {
    post: {
      operationId: `webhook_${event.replace(".", "_")}`,
      tags: ["Webhooks"],
      summary: event,
      description,
      security: [],
      parameters: webhookHeaders(event),
      requestBody: { required: true, content: { "application/json": { schema: ref(payload), example } } },
      responses: { "200": { description: "Any 2xx acknowledges the delivery" }, default: { description: "Anything else is retried" } },
    },
  };
}

export function webhooks(): Json {
  const created_at = "2026-11-22T14:03:09+03:00";
  return {
    ...Object.fromEntries(
      WEBHOOK_EVENTS.map((event) => [event, webhook(event, WEBHOOK_TEXT[event] + RETRIES, "WebhookPayload", { delivery_id: 42, event, created_at, data: EXAMPLES.consent })]),
    ),
    [TEST_EVENT]: webhook(
      TEST_EVENT,
      "Sent only when asked for (panel: Webhooks → send test event; `npm run admin -- webhook test`), signed like the others. One attempt, never retried, and not an event to subscribe to; answer it with a 2xx like any delivery.",
      "WebhookTestPayload",
      { delivery_id: 43, event: TEST_EVENT, created_at, data: { test: true, tenant: { code: "demo", name: "Demo Klinik" } } },
    ),
  };
}
