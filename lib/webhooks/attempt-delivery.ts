// One attempt of one webhook delivery: claim the row, build and sign the body afresh, POST it, record
// the attempt, then mark the delivery delivered, schedule the next attempt, or close it as failed.
// The claim is a conditional update, so two server instances never send the same attempt.
import { db } from "@/lib/db";
import { now } from "@/lib/clock";
import { env } from "@/lib/env";
import { decrypt } from "@/lib/encryption";
import { logger } from "@/lib/log";
import { getConsentOrThrow } from "@/lib/consents/get-consent";
import { TEST_EVENT } from "@/lib/webhooks/events";
import { ATTEMPT_TIMEOUT_MS, postWebhook, type PostResult } from "@/lib/webhooks/post-webhook";
import { signatureHeader } from "@/lib/webhooks/sign-webhook";

/** Longer than an attempt can take: a lock older than this belongs to a process that died. */
const LOCK_MS = ATTEMPT_TIMEOUT_MS + 20_000;

export type DeliveryStatus = "pending" | "delivered" | "failed";

export interface AttemptReport {
  deliveryId: bigint;
  attemptNo: number;
  status: DeliveryStatus;
  result: PostResult;
}

/**
 * Only a pending delivery whose time has come is attempted, unless
 * - `onSchedule`: the caller keeps the schedule (an Inngest function woke from its sleep, or the
 *   panel's test event, which the runner never picks up), or
 * - `manual`: a resend from the panel — runs now whatever the status, and does not use up the
 *   retry schedule.
 * Returns null when the delivery is not there, not due, or another process holds it.
 */
export async function attemptDelivery(
  deliveryId: bigint,
  options: { manual?: boolean; onSchedule?: boolean; tenantId?: string } = {},
): Promise<AttemptReport | null> {
  const manual = options.manual ?? false;
  const at = now();
  const prisma = db();
  const due = manual ? {} : options.onSchedule ? { status: "pending" } : { status: "pending", nextAttemptAt: { lte: at } };
  const claimed = await prisma.webhookDelivery.updateMany({
    where: {
      id: deliveryId,
      ...(options.tenantId ? { tenantId: options.tenantId } : {}),
      ...due,
      OR: [{ lockedUntil: null }, { lockedUntil: { lt: at } }],
    },
    data: { lockedUntil: new Date(at.getTime() + LOCK_MS) },
  });
  if (claimed.count === 0) return null;
  const d = await prisma.webhookDelivery.findUniqueOrThrow({
    where: { id: deliveryId },
    select: {
      tenantId: true,
      consentId: true,
      event: true,
      createdAtIso: true,
      status: true,
      attempts: { select: { trigger: true } },
      tenant: { select: { code: true, name: true, webhook: true } },
    },
  });

  const attemptNo = d.attempts.length + 1;
  const endpoint = d.tenant.webhook;
  let result: PostResult;
  if (!endpoint) {
    result = { statusCode: null, ok: false, durationMs: 0, error: "no webhook endpoint is set", snippet: null };
  } else {
    const data = d.consentId ? await getConsentOrThrow(d.tenantId, d.consentId) : { test: true, tenant: { code: d.tenant.code, name: d.tenant.name } };
    const body = JSON.stringify({ delivery_id: Number(deliveryId), event: d.event, created_at: d.createdAtIso, data });
    const secrets = [decrypt(endpoint.secretEncrypted)];
    if (endpoint.previousSecretEncrypted && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > at) {
      secrets.push(decrypt(endpoint.previousSecretEncrypted));
    }
    // Signed per attempt: a retry an hour later still passes a receiver's 300-second window.
    const timestamp = Math.floor(now().getTime() / 1000);
    result = await postWebhook(
      endpoint.url,
      {
        "Content-Type": "application/json",
        "User-Agent": "e-onam-webhooks/1",
        "X-Service-Event": d.event,
        "X-Service-Delivery": String(deliveryId),
        "X-Service-Timestamp": String(timestamp),
        "X-Service-Signature": signatureHeader(secrets, timestamp, body),
      },
      body,
      { allowPrivate: env().WEBHOOK_ALLOW_PRIVATE },
    );
  }

  const status = nextStatus(d, result, manual);
  const done = now();
  await prisma.$transaction([
    prisma.webhookAttempt.create({
      data: {
        deliveryId,
        attemptNo,
        at: done,
        statusCode: result.statusCode,
        durationMs: result.durationMs,
        error: result.error ?? (result.ok ? null : `HTTP ${result.statusCode}`),
        responseSnippet: result.snippet,
        trigger: manual ? "manual" : "schedule",
      },
    }),
    prisma.webhookDelivery.update({
      where: { id: deliveryId },
      data: {
        status: status.status,
        attemptCount: attemptNo,
        lockedUntil: null,
        ...(status.status === "delivered" ? { deliveredAt: done } : {}),
        ...(status.nextAttemptAt !== undefined ? { nextAttemptAt: status.nextAttemptAt } : {}),
      },
    }),
  ]);
  const log = result.ok ? logger().info.bind(logger()) : logger().warn.bind(logger());
  log({ deliveryId: String(deliveryId), attemptNo, statusCode: result.statusCode, error: result.error, outcome: status.status }, "webhook attempt");
  return { deliveryId, attemptNo, status: status.status, result };
}

function nextStatus(
  d: { status: string; event: string; attempts: { trigger: string }[] },
  result: PostResult,
  manual: boolean,
): { status: DeliveryStatus; nextAttemptAt?: Date | null } {
  if (result.ok) return { status: "delivered", nextAttemptAt: null };
  // A failed resend leaves the delivery as it was: a failed one stays failed, a pending one keeps its schedule.
  if (manual && d.status !== "delivered") return { status: d.status as DeliveryStatus };
  if (manual || d.event === TEST_EVENT) return { status: "failed", nextAttemptAt: null };
  const scheduled = d.attempts.filter((a) => a.trigger === "schedule").length + 1;
  const wait = env().WEBHOOK_RETRY_SCHEDULE[scheduled];
  if (wait === undefined) return { status: "failed", nextAttemptAt: null };
  return { status: "pending", nextAttemptAt: new Date(now().getTime() + wait) };
}
