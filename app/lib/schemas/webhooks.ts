// Client-safe schemas of the Integrations tab's webhook forms (zod/mini, like every schema the
// browser runs). Messages are locale keys (public/locales/*/webhooks.json). The address rule that
// needs the server's view (production, private addresses) is app/lib/webhook-address.ts.
import * as z from "zod/mini";
import { MAX_WEBHOOK_URL_LENGTH, WEBHOOK_EVENTS } from "~/lib/webhooks";

const urlField = z
  .string({ error: "webhooks.validation.urlRequired" })
  .check(z.trim(), z.minLength(1, "webhooks.validation.urlRequired"), z.maxLength(MAX_WEBHOOK_URL_LENGTH, "webhooks.validation.urlTooLong"));

const eventsField = z.array(z.enum(WEBHOOK_EVENTS), { error: "webhooks.validation.eventsRequired" }).check(z.minLength(1, "webhooks.validation.eventsRequired"));

export const createWebhookSchema = z.object({ url: urlField, events: eventsField });

export const updateWebhookSchema = z.object({
  endpointId: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)),
  url: urlField,
  events: eventsField,
  // A checkbox: present when ticked.
  enabled: z.optional(z.string()),
});

export const webhookIdSchema = z.object({ endpointId: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)) });
