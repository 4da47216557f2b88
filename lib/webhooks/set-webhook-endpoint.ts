// Saves a tenant's webhook endpoint (one per tenant) with a freshly generated signing secret.
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { parseOrThrow } from "@/lib/errors";
import { db } from "@/lib/db";
import { encrypt } from "@/lib/encryption";
import { env } from "@/lib/env";
import { now } from "@/lib/clock";
import { DEFAULT_WEBHOOK_EVENTS, isWebhookEvent, WEBHOOK_EVENTS, type WebhookEvent } from "@/lib/webhooks/events";
import { checkWebhookUrl } from "@/lib/webhooks/webhook-url";

/** How long the replaced secret keeps signing beside the new one (decisions §10). */
export const PREVIOUS_SECRET_GRACE_MS = 24 * 60 * 60 * 1000;

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

export type SetWebhookEndpointInput = z.input<typeof schema>;

export interface WebhookEndpointView {
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

  const rotated = await db().$transaction(async (tx) => {
    const existing = await tx.webhookEndpoint.findUnique({
      where: { tenantId: i.tenantId },
      select: { secretEncrypted: true },
    });
    if (existing && options.rotate === false) {
      await tx.webhookEndpoint.update({ where: { tenantId: i.tenantId }, data: { url: i.url, events } });
      return false;
    }
    // The replaced secret stays valid for a day so receivers can switch without losing deliveries.
    const previous = existing
      ? { previousSecretEncrypted: existing.secretEncrypted, previousSecretExpiresAt: new Date(now().getTime() + PREVIOUS_SECRET_GRACE_MS) }
      : { previousSecretEncrypted: null, previousSecretExpiresAt: null };
    await tx.webhookEndpoint.upsert({
      where: { tenantId: i.tenantId },
      create: { tenantId: i.tenantId, url: i.url, events, secretEncrypted, ...previous },
      update: { url: i.url, events, secretEncrypted, ...previous },
    });
    return true;
  });
  return { url: i.url, events, signing_secret: rotated ? secret : null };
}
