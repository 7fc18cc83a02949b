// The Integrations tab's data and form actions (intents "webhooks.*"): the company's webhook
// endpoints, one endpoint's settings and delivery log (?endpoint=<id>), and the forms that add,
// change, delete (asked first), test an endpoint and reveal its secret. Decision 0084.
import { data } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod/v4";
import { dateAndTimeIn } from "~/lib/calendar-feeds";
import { createWebhookSchema, updateWebhookSchema, webhookIdSchema } from "~/lib/schemas/webhooks";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  MAX_WEBHOOK_ENDPOINTS,
  revealWebhookSecret,
  sendTestEvent,
  updateWebhookEndpoint,
} from "~/models/webhook.server";
import type { SignedInViewer } from "~/utils/auth.server";
import { confirmationStep, needsConfirmation } from "~/utils/confirmation.server";
import { AppError } from "~/utils/errors.server";
import { noticeOf, replyWithAppError, type ActionReply } from "~/utils/form-errors.server";
import { chatAction, loadChatPart } from "./chat.server";

export async function loadIntegrationsTab(viewer: SignedInViewer, url: URL) {
  const at = (instant: Date) => dateAndTimeIn(instant, viewer.timeZone);
  const endpoints = await listWebhookEndpoints(viewer);
  const chosen = url.searchParams.get("endpoint");
  // Another company's endpoint, or one deleted since, is a 404 like any record not found.
  const log = chosen ? await listWebhookDeliveries(viewer, chosen) : null;
  return {
    chat: await loadChatPart(viewer, url),
    max: MAX_WEBHOOK_ENDPOINTS,
    endpoints: endpoints.map((endpoint) => ({
      id: endpoint.id,
      url: endpoint.url,
      events: endpoint.events,
      enabled: endpoint.enabled,
      disabledReason: endpoint.disabledReason,
      lastDelivery: endpoint.lastDelivery ? { status: endpoint.lastDelivery.status, at: at(endpoint.lastDelivery.createdAt), code: endpoint.lastDelivery.lastStatusCode } : null,
    })),
    chosen: log
      ? {
          id: log.endpoint.id,
          url: log.endpoint.url,
          events: log.endpoint.events,
          enabled: log.endpoint.enabled,
          disabledReason: log.endpoint.disabledReason,
          disabledAt: log.endpoint.disabledAt ? at(log.endpoint.disabledAt) : null,
          deliveries: log.deliveries.map((delivery) => ({
            id: delivery.id,
            eventId: delivery.eventId,
            event: delivery.event,
            status: delivery.status,
            attempts: delivery.attempts,
            at: at(delivery.createdAt),
            next: delivery.status === "pending" && delivery.attempts > 0 ? at(delivery.nextAttemptAt) : null,
            code: delivery.lastStatusCode,
            durationMs: delivery.lastDurationMs,
            error: delivery.lastError,
          })),
        }
      : null,
  };
}

/** What a create or reveal answers: the secret, in this one answer. */
export interface SecretReply extends ActionReply {
  secret?: { endpointId: string; url: string; value: string; created: boolean };
}

const noStore = { headers: { "Cache-Control": "no-store" } };

function endpointIdOf(formData: FormData): string {
  const parsed = webhookIdSchema.safeParse({ endpointId: formData.get("endpointId") });
  if (!parsed.success) throw new AppError(404, "not_found", "webhooks.errors.notFound");
  return parsed.data.endpointId;
}

export async function integrationsAction(viewer: SignedInViewer, formData: FormData) {
  // Slack and Teams (decision 0094) have their own intents.
  const chat = await chatAction(viewer, formData);
  if (chat) return chat;
  switch (formData.get("intent")) {
    case "webhooks.create": {
      const submission = parseWithZod(formData, { schema: createWebhookSchema });
      if (submission.status !== "success") return data<SecretReply>({ result: submission.reply() }, { status: 400 });
      try {
        const { endpoint, secret } = await createWebhookEndpoint(viewer, submission.value);
        return data<SecretReply>(
          {
            result: submission.reply({ resetForm: true }),
            notice: { tone: "success", key: "webhooks.notices.created", values: { url: endpoint.url } },
            secret: { endpointId: endpoint.id, url: endpoint.url, value: secret, created: true },
          },
          noStore,
        );
      } catch (error) {
        return replyWithAppError(error, submission.reply);
      }
    }
    case "webhooks.update": {
      const submission = parseWithZod(formData, { schema: updateWebhookSchema });
      if (submission.status !== "success") return data<SecretReply>({ result: submission.reply() }, { status: 400 });
      try {
        const { endpointId, url, events, enabled } = submission.value;
        const endpoint = await updateWebhookEndpoint(viewer, endpointId, { url, events, enabled: enabled !== undefined });
        return data<SecretReply>({ result: submission.reply(), notice: { tone: "success", key: "webhooks.notices.updated", values: { url: endpoint.url } } });
      } catch (error) {
        return replyWithAppError(error, submission.reply);
      }
    }
    case "webhooks.delete": {
      try {
        // Another company's endpoint is refused before any question is asked.
        const endpoint = await getWebhookEndpoint(viewer, endpointIdOf(formData));
        if (needsConfirmation(formData)) return confirmationStep(formData);
        await deleteWebhookEndpoint(viewer, endpoint.id);
        return data<SecretReply>({ notice: { tone: "success", key: "webhooks.notices.deleted", values: { url: endpoint.url } } });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return data<SecretReply>({ notice: noticeOf(error, "webhooks.errors.deleteFailed") }, { status: error.status });
      }
    }
    case "webhooks.test": {
      try {
        const endpoint = await sendTestEvent(viewer, endpointIdOf(formData));
        return data<SecretReply>({ notice: { tone: "success", key: "webhooks.notices.testQueued", values: { url: endpoint.url } } });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return data<SecretReply>({ notice: noticeOf(error, "webhooks.errors.testFailed") }, { status: error.status });
      }
    }
    case "webhooks.reveal": {
      try {
        const endpointId = endpointIdOf(formData);
        const endpoint = await getWebhookEndpoint(viewer, endpointId);
        const value = await revealWebhookSecret(viewer, endpoint.id);
        return data<SecretReply>({ secret: { endpointId: endpoint.id, url: endpoint.url, value, created: false } }, noStore);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return data<SecretReply>({ notice: noticeOf(error, "webhooks.errors.notFound") }, { status: error.status });
      }
    }
    default:
      throw new AppError(400, "unknown_intent", "errors.invalidBody");
  }
}
