// Saves a tenant's webhook endpoint (one per tenant) with a freshly generated signing secret.
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { parseOrThrow } from "@/lib/errors";
import { transaction } from "@/lib/db";
import { endpointSecretInTx, saveEndpoint, updateEndpointTarget } from "@/lib/db/webhook-endpoints";
import { encrypt } from "@/lib/encryption";
import { env } from "@/lib/env";
import { now } from "@/lib/clock";
import { DEFAULT_WEBHOOK_EVENTS, isWebhookEvent, WEBHOOK_EVENTS, type WebhookEvent } from "@/lib/webhooks/events";
import { checkWebhookUrl } from "@/lib/webhooks/webhook-url";

/** How long the replaced secret keeps signing beside the new one (decisions §10). */
const PREVIOUS_SECRET_GRACE_MS = 24 * 60 * 60 * 1000;

const schema = z.object({
  tenantId: z.string().min(1),
  url: z.string().trim().min(1, { error: "boş olamaz" }),
  events: z
    .array(
      z.string().refine(isWebhookEvent, {
        error: `bilinmeyen olay (${WEBHOOK_EVENTS.join(", ")})`,
      }),
    )
    .min(1, { error: "en az bir olay seçilmeli" })
    .transform((e) => [...new Set(e)] as WebhookEvent[])
    .optional(),
});

type SetWebhookEndpointInput = z.input<typeof schema>;

interface WebhookEndpointView {
  url: string;
  events: WebhookEvent[];
  /** the new secret when one was generated; stored only encrypted */
  signing_secret: string | null;
}

/**
 * `whsec_` + 32 random bytes in standard base64: the form Standard Webhooks libraries decode (§21).
 * Secrets issued before were base64url; sign-webhook.ts keys both.
 */
export const newSigningSecret = () => `whsec_${randomBytes(32).toString("base64")}`;

/**
 * Saves the URL and events. `rotate` (the default, and always on the first save) generates a new
 * signing secret, the replaced one staying valid for 24 hours; the panel saves an address change
 * without rotating. `signing_secret` is null when the secret was kept.
 */
export async function setWebhookEndpoint(input: SetWebhookEndpointInput, options: { rotate?: boolean } = {}): Promise<WebhookEndpointView> {
  const i = parseOrThrow(schema, input);
  await checkWebhookUrl(i.url, { allowPrivate: env().WEBHOOK_ALLOW_PRIVATE });
  const events = i.events ?? [...DEFAULT_WEBHOOK_EVENTS];
  const secret = newSigningSecret();
  const secretEncrypted = encrypt(secret);

  const graceEnds = new Date(now().getTime() + PREVIOUS_SECRET_GRACE_MS);
  const rotated = await transaction(async (tx) => {
    const existing = await endpointSecretInTx(tx, i.tenantId);
    if (existing !== undefined && options.rotate === false) {
      await updateEndpointTarget(tx, i.tenantId, i.url, events);
      return false;
    }
    // The replaced secret stays valid for a day so receivers can switch without losing deliveries.
    const previous = existing !== undefined
      ? { previousSecretEncrypted: existing, previousSecretExpiresAt: graceEnds }
      : { previousSecretEncrypted: null, previousSecretExpiresAt: null };
    await saveEndpoint(tx, i.tenantId, { url: i.url, events, secretEncrypted, ...previous });
    return true;
  });
  return { url: i.url, events, signing_secret: rotated ? secret : null };
}
