// The webhook worker (decision 0084): sends what app/models/webhook.server.ts enqueued, after the
// change committed, never inside a request. Each delivery is claimed before it is sent, as the
// e-mail outbox claims its rows (mail.server.ts), so app processes sharing one database send each
// event once. Signed with the Standard Webhooks reference library. In production every attempt
// resolves the host anew, refuses it when any address is not public, and connects to the address
// it checked (a second lookup could answer differently: DNS rebinding).
import { type lookup as dnsLookup, type LookupAddress } from "node:dns";
import { lookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { Webhook } from "standardwebhooks";
import { isPublicAddress } from "~/lib/webhook-address";
import { nextWebhookAttemptAt } from "~/lib/webhooks";
import { recordAudit } from "~/utils/audit.server";
import { getDb } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";

const BATCH_SIZE = 50;
/** A claim this old belongs to a process that died while sending: the delivery may be taken again. */
export const WEBHOOK_CLAIM_EXPIRES_MS = 5 * 60_000;
/** Where the worker looks for due retries, besides the kick after each change. */
export const WEBHOOK_POLL_MS = 30_000;

class RefusedAddressError extends Error {}

interface Attempt {
  statusCode: number | null;
  durationMs: number;
  error: string | null;
}

/** The addresses a host resolves to, when each is public; otherwise a refusal naming the first that is not. */
async function checkedAddress(hostname: string): Promise<LookupAddress> {
  const host = hostname.startsWith("[") ? hostname.slice(1, -1) : hostname;
  const addresses = await lookup(host, { all: true, verbatim: true });
  const refused = addresses.find((entry) => !isPublicAddress(entry.address));
  if (refused || addresses.length === 0) throw new RefusedAddressError(`refused address ${refused?.address ?? "(none)"} for ${host}`);
  return addresses[0]!;
}

/** One POST (webhook deliveries, Teams cards); no redirect is followed (a 3xx counts as a failure), so the checked address is the one reached. */
export async function postJson(url: string, body: string, headers: Record<string, string>, publicOnly: boolean): Promise<Attempt> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const target = new URL(url);
    const pinned = publicOnly ? await checkedAddress(target.hostname) : null;
    const statusCode = await new Promise<number>((resolve, reject) => {
      const request = (target.protocol === "https:" ? https : http).request(
        target,
        {
          method: "POST",
          headers: { ...headers, "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body), "User-Agent": "Folga-Webhooks/1" },
          signal: AbortSignal.timeout(getEnv().WEBHOOK_TIMEOUT_MS),
          // The connection goes to the address checked above; TLS still verifies the host's name.
          lookup: pinned
            ? (((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
                if (options.all) callback(null, [pinned]);
                else callback(null, pinned.address, pinned.family);
              }) as unknown as typeof dnsLookup)
            : undefined,
        },
        (response) => {
          // The body is not kept: the status is the answer. Reading it lets the socket close.
          response.resume();
          response.on("end", () => resolve(response.statusCode ?? 0));
          response.on("error", reject);
        },
      );
      request.on("error", reject);
      request.end(body);
    });
    return { statusCode, durationMs: elapsed(), error: statusCode >= 200 && statusCode < 300 ? null : `HTTP ${statusCode}` };
  } catch (error) {
    return { statusCode: null, durationMs: elapsed(), error: String((error as Error).message ?? error).slice(0, 500) };
  }
}

function claimable(now: Date) {
  return { status: "pending", OR: [{ claimedAt: null }, { claimedAt: { lt: new Date(now.getTime() - WEBHOOK_CLAIM_EXPIRES_MS) } }] };
}

export interface DeliveryOptions {
  /** Refuse hosts that resolve to a non-public address: production's rule (tests ask for it on loopback). */
  publicOnly?: boolean;
}

/**
 * One pass over the due deliveries of enabled endpoints: each claimed, signed, sent, and recorded
 * (delivered, or its next attempt on the schedule, or failed and its endpoint switched off).
 * Exported for tests: a pass of its own, not shared with other callers in this process.
 */
export async function deliverDueWebhooks(now = new Date(), options: DeliveryOptions = {}): Promise<{ delivered: number; full: boolean }> {
  const publicOnly = options.publicOnly ?? getEnv().NODE_ENV === "production";
  const db = getDb();
  const due = await db.webhookDelivery.findMany({
    where: { ...claimable(now), nextAttemptAt: { lte: now }, endpoint: { enabled: true } },
    orderBy: { nextAttemptAt: "asc" },
    take: BATCH_SIZE,
    select: { id: true, eventId: true, payload: true, attempts: true, createdAt: true, endpoint: { select: { id: true, companyId: true, url: true, secret: true } } },
  });
  let delivered = 0;
  for (const delivery of due) {
    const claim = await db.webhookDelivery.updateMany({ where: { id: delivery.id, ...claimable(new Date()) }, data: { claimedAt: new Date() } });
    if (claim.count === 0) continue;
    const sentAt = new Date();
    const signature = new Webhook(delivery.endpoint.secret).sign(delivery.eventId, sentAt, delivery.payload);
    const attempt = await postJson(delivery.endpoint.url, delivery.payload, {
      "webhook-id": delivery.eventId,
      "webhook-timestamp": String(Math.floor(sentAt.getTime() / 1000)),
      "webhook-signature": signature,
    }, publicOnly);
    const attempts = delivery.attempts + 1;
    const outcome = { attempts, lastStatusCode: attempt.statusCode, lastDurationMs: attempt.durationMs, lastError: attempt.error, claimedAt: null };
    if (attempt.error === null) {
      await db.webhookDelivery.update({ where: { id: delivery.id }, data: { ...outcome, status: "delivered", deliveredAt: new Date() } });
      delivered++;
      continue;
    }
    const next = nextWebhookAttemptAt(delivery.createdAt, attempts);
    if (next) {
      await db.webhookDelivery.update({ where: { id: delivery.id }, data: { ...outcome, nextAttemptAt: next } });
      continue;
    }
    await db.webhookDelivery.update({ where: { id: delivery.id }, data: { ...outcome, status: "failed" } });
    await disableFailingEndpoint(delivery.endpoint.id, delivery.endpoint.companyId, delivery.endpoint.url);
  }
  return { delivered, full: due.length === BATCH_SIZE };
}

/**
 * The last attempt of a delivery failed: the endpoint is switched off (audited, by nobody) and the
 * company's admins are told by e-mail. Conditional, so two processes failing at once switch it off
 * and mail once.
 */
async function disableFailingEndpoint(endpointId: string, companyId: string, url: string) {
  const switched = await getDb().$transaction(async (tx) => {
    const { count } = await tx.webhookEndpoint.updateMany({ where: { id: endpointId, enabled: true }, data: { enabled: false, disabledAt: new Date(), disabledReason: "failing" } });
    if (count === 1) await recordAudit({ companyId, actorId: null, action: "webhook.disabled", entity: "webhook", entityId: endpointId, details: { url, enabled: { old: true, new: false } } }, tx);
    return count === 1;
  });
  if (!switched) return;
  // Loaded here, not at the top: the mail's renderer reads the translations, which the worker needs only now.
  const { mailAdminsOfFailingEndpoint } = await import("~/emails/webhook.server");
  await mailAdminsOfFailingEndpoint(companyId, url);
}

let draining: Promise<number> | undefined;
let drainAgain = false;

/** Sends what is due; concurrent calls in this process share one pass (and trigger one more after it). */
export function deliverPendingWebhooks(): Promise<number> {
  if (draining) {
    drainAgain = true;
    return draining;
  }
  draining = (async () => {
    let sent = 0;
    let more = true;
    while (more || drainAgain) {
      drainAgain = false;
      const pass = await deliverDueWebhooks();
      sent += pass.delivered;
      more = pass.full;
    }
    return sent;
  })()
    .catch((error) => {
      console.error("Webhook delivery failed:", error);
      return 0;
    })
    .finally(() => {
      draining = undefined;
    });
  return draining;
}

/** Retries come due while nothing changes: the server looks for them every WEBHOOK_POLL_MS. */
export function scheduleWebhookDeliveries(intervalMs = WEBHOOK_POLL_MS) {
  void deliverPendingWebhooks();
  const timer = setInterval(() => void deliverPendingWebhooks(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** Lets tests and shutdown wait for deliveries already on their way. */
export async function settleWebhooks(): Promise<void> {
  while (draining) await draining;
}
