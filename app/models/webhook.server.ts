// Signed outgoing webhooks (issue 43, docs/decisions/0084-signed-outgoing-webhooks.md): a company's
// endpoints, managed by its admins and audited, and the events that changes enqueue for them. An
// event is written in the transaction of the change it tells about (one row per endpoint that
// wants it), so it exists exactly when the change does; app/models/webhook-delivery.server.ts sends
// it after the commit.
import { randomBytes, randomUUID } from "node:crypto";
import type { Prisma } from "~/generated/prisma/client";
import { webhookUrlProblem } from "~/lib/webhook-address";
import { parseWebhookEvents, type WebhookEvent } from "~/lib/webhooks";
import { recordAudit } from "~/utils/audit.server";
import { getDb } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { AppError } from "~/utils/errors.server";
import { requireAdmin, type Viewer } from "~/utils/permissions.server";
import { deliverPendingWebhooks } from "./webhook-delivery.server";

type Client = Prisma.TransactionClient | ReturnType<typeof getDb>;

/** A company keeps a handful of receivers, not a list to page through. */
export const MAX_WEBHOOK_ENDPOINTS = 10;
/** The delivery log shows this many of an endpoint's latest deliveries. */
export const DELIVERY_LOG_SIZE = 25;
/** The event a "send test event" button sends; no change makes it, so no endpoint subscribes to it. */
export const TEST_EVENT = "webhook.test";

/** Standard Webhooks' secret: "whsec_" and 32 random bytes in base64 (what the reference library takes). */
function newSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

/** The event ids a receiver de-duplicates by: one per event, the same for every endpoint and attempt. */
function newEventId(): string {
  return `msg_${randomUUID().replaceAll("-", "")}`;
}

const endpointSelect = { id: true, url: true, events: true, enabled: true, disabledAt: true, disabledReason: true, createdAt: true } as const;

export interface WebhookEndpointInput {
  url: string;
  events: readonly WebhookEvent[];
}

function assertEndpointInput(input: WebhookEndpointInput) {
  const problem = webhookUrlProblem(input.url, getEnv().NODE_ENV === "production");
  if (problem) throw new AppError(400, "validation_failed", problem, { fields: { url: problem } });
  if (input.events.length === 0) throw new AppError(400, "validation_failed", "webhooks.validation.eventsRequired", { fields: { events: "webhooks.validation.eventsRequired" } });
}

/** The company's endpoints, oldest first, each with its subscribed events and its last delivery's outcome. */
export async function listWebhookEndpoints(viewer: Viewer) {
  requireAdmin(viewer);
  const endpoints = await getDb().webhookEndpoint.findMany({
    where: { companyId: viewer.companyId },
    select: { ...endpointSelect, deliveries: { orderBy: { createdAt: "desc" }, take: 1, select: { status: true, createdAt: true, lastStatusCode: true } } },
    orderBy: { createdAt: "asc" },
  });
  return endpoints.map(({ deliveries, ...endpoint }) => ({ ...endpoint, events: parseWebhookEvents(endpoint.events), lastDelivery: deliveries[0] ?? null }));
}

/** One endpoint of the viewer's company; another company's id is not found. */
export async function getWebhookEndpoint(viewer: Viewer, id: string) {
  requireAdmin(viewer);
  const endpoint = await getDb().webhookEndpoint.findFirst({ where: { id, companyId: viewer.companyId }, select: endpointSelect });
  if (!endpoint) throw new AppError(404, "not_found", "webhooks.errors.notFound");
  return { ...endpoint, events: parseWebhookEvents(endpoint.events) };
}

/** A new endpoint and its signing secret, which the answer shows once (the admin may reveal it again). */
export async function createWebhookEndpoint(viewer: Viewer, input: WebhookEndpointInput) {
  requireAdmin(viewer);
  assertEndpointInput(input);
  const { companyId } = viewer;
  const secret = newSecret();
  return getDb().$transaction(async (tx) => {
    if ((await tx.webhookEndpoint.count({ where: { companyId } })) >= MAX_WEBHOOK_ENDPOINTS) {
      throw new AppError(409, "limit_reached", "webhooks.errors.limitReached", { params: { max: String(MAX_WEBHOOK_ENDPOINTS) } });
    }
    const endpoint = await tx.webhookEndpoint.create({ data: { companyId, url: input.url, events: JSON.stringify(input.events), secret }, select: endpointSelect });
    await recordAudit({ companyId, actorId: viewer.userId, action: "webhook.created", entity: "webhook", entityId: endpoint.id, details: { url: input.url, events: input.events } }, tx);
    return { endpoint, secret };
  });
}

/**
 * Changes an endpoint's address and events, and switches it on or off. Switching on again clears
 * why it was off: its waiting deliveries go out on the worker's next pass.
 */
export async function updateWebhookEndpoint(viewer: Viewer, id: string, input: WebhookEndpointInput & { enabled: boolean }, now = new Date()) {
  const before = await getWebhookEndpoint(viewer, id);
  assertEndpointInput(input);
  const events = JSON.stringify(input.events);
  const details: Record<string, unknown> = {};
  if (before.url !== input.url) details.url = { old: before.url, new: input.url };
  if (JSON.stringify(before.events) !== events) details.events = { old: before.events, new: input.events };
  if (before.enabled !== input.enabled) details.enabled = { old: before.enabled, new: input.enabled };
  if (Object.keys(details).length === 0) return before;
  const { companyId } = viewer;
  const updated = await getDb().$transaction(async (tx) => {
    const switched = before.enabled === input.enabled ? {} : input.enabled ? { disabledAt: null, disabledReason: null } : { disabledAt: now, disabledReason: "manual" };
    const row = await tx.webhookEndpoint.update({ where: { id: before.id }, data: { url: input.url, events, enabled: input.enabled, ...switched }, select: endpointSelect });
    // The address names the endpoint in the Audit's "About" even when it did not change.
    const named = details.url ? details : { endpoint_url: before.url, ...details };
    await recordAudit({ companyId, actorId: viewer.userId, action: "webhook.updated", entity: "webhook", entityId: id, details: named }, tx);
    return row;
  });
  if (input.enabled && !before.enabled) void deliverPendingWebhooks();
  return { ...updated, events: parseWebhookEvents(updated.events) };
}

/** Deletes an endpoint with its delivery log; audited with its address. */
export async function deleteWebhookEndpoint(viewer: Viewer, id: string) {
  const endpoint = await getWebhookEndpoint(viewer, id);
  await getDb().$transaction(async (tx) => {
    await tx.webhookEndpoint.delete({ where: { id: endpoint.id } });
    await recordAudit({ companyId: viewer.companyId, actorId: viewer.userId, action: "webhook.deleted", entity: "webhook", entityId: id, details: { url: endpoint.url } }, tx);
  });
  return endpoint;
}

/** The signing secret, for an admin who asks to see it again: audited, as a password shown would be. */
export async function revealWebhookSecret(viewer: Viewer, id: string): Promise<string> {
  const endpoint = await getWebhookEndpoint(viewer, id);
  const { secret } = await getDb().webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id }, select: { secret: true } });
  await recordAudit({ companyId: viewer.companyId, actorId: viewer.userId, action: "webhook.secret_revealed", entity: "webhook", entityId: id, details: { endpoint_url: endpoint.url } });
  return secret;
}

/** The endpoint's latest deliveries, newest first, for its log. */
export async function listWebhookDeliveries(viewer: Viewer, endpointId: string) {
  const endpoint = await getWebhookEndpoint(viewer, endpointId);
  const deliveries = await getDb().webhookDelivery.findMany({
    where: { endpointId: endpoint.id },
    orderBy: { createdAt: "desc" },
    take: DELIVERY_LOG_SIZE,
    select: { id: true, eventId: true, event: true, status: true, attempts: true, nextAttemptAt: true, lastStatusCode: true, lastDurationMs: true, lastError: true, deliveredAt: true, createdAt: true },
  });
  return { endpoint, deliveries };
}

/** The JSON a receiver gets: Standard Webhooks' { type, timestamp, data }, with the event's id. */
function payloadOf(id: string, type: string, data: unknown, now: Date): string {
  return JSON.stringify({ id, type, timestamp: now.toISOString(), data });
}

/**
 * Enqueues an event for every enabled endpoint of the company that subscribed to it, in the
 * caller's transaction. `data` is read only when some endpoint listens, so a company without
 * webhooks pays one small read per change. Returns how many were queued: the caller kicks the
 * worker after its commit when any were (kickWebhooks), so nothing is sent inside the transaction.
 */
export function enqueueWebhookEvent(tx: Client, companyId: string, type: WebhookEvent, data: () => unknown, now = new Date()): Promise<number> {
  return enqueueWebhookEvents(tx, companyId, [{ type, data }], now);
}

/** Several events of one change (a person leaves: person.left and each request cancelled), with one read of the endpoints. */
export async function enqueueWebhookEvents(tx: Client, companyId: string, events: { type: WebhookEvent; data: () => unknown }[], now = new Date()): Promise<number> {
  if (events.length === 0) return 0;
  const endpoints = await tx.webhookEndpoint.findMany({ where: { companyId, enabled: true }, select: { id: true, events: true } });
  const rows = [];
  for (const event of events) {
    const wanting = endpoints.filter((endpoint) => parseWebhookEvents(endpoint.events).includes(event.type));
    if (wanting.length === 0) continue;
    const eventId = newEventId();
    const payload = payloadOf(eventId, event.type, await event.data(), now);
    for (const endpoint of wanting) rows.push({ endpointId: endpoint.id, eventId, event: event.type, payload, nextAttemptAt: now, createdAt: now });
  }
  if (rows.length) await tx.webhookDelivery.createMany({ data: rows });
  return rows.length;
}

/** After the commit of a change that enqueued events: the worker sends them now, not at its next tick. */
export function kickWebhooks(queued = 1) {
  if (queued > 0) void deliverPendingWebhooks();
}

/** "Send test event": one delivery to this endpoint alone, whatever its events, logged like the others. */
export async function sendTestEvent(viewer: Viewer, id: string, now = new Date()) {
  const endpoint = await getWebhookEndpoint(viewer, id);
  if (!endpoint.enabled) throw new AppError(409, "endpoint_disabled", "webhooks.errors.disabled");
  const eventId = newEventId();
  const data = { company_id: viewer.companyId, endpoint_id: endpoint.id, sent_by: viewer.userId };
  await getDb().webhookDelivery.create({ data: { endpointId: endpoint.id, eventId, event: TEST_EVENT, payload: payloadOf(eventId, TEST_EVENT, data, now), nextAttemptAt: now, createdAt: now } });
  kickWebhooks();
  return endpoint;
}
