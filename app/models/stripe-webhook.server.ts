// Stripe's webhook events (POST /api/billing/webhook): verified with the endpoint's signing secret,
// handled once each. The event's id is stored in the same transaction as its changes, so a
// replayed delivery finds it and changes nothing, and a delivery that failed half-way left nothing
// behind and is handled in full when Stripe retries it.
import type Stripe from "stripe";
import { getDb } from "~/utils/db.server";
import { AppError } from "~/utils/errors.server";
import { getStripe, idOf, webhookSecret } from "~/utils/stripe.server";
import { syncSeats } from "./seats.server";
import { applyStripeSubscription, invoiceSubscriptionId, recordStripeInvoice } from "./stripe-records.server";

export const HANDLED_EVENTS = [
  "checkout.session.completed",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "invoice.paid",
  "invoice.payment_failed",
] as const;

export type WebhookOutcome = "handled" | "duplicate" | "ignored";

/** The event in a delivery, or a 400 when its signature is not the endpoint's (or is missing). */
export async function verifyWebhook(payload: Buffer, signature: string | null): Promise<Stripe.Event> {
  const secret = webhookSecret();
  if (!signature) throw new AppError(400, "signature_missing", "billing.webhook.badSignature");
  const stripe = await getStripe();
  try {
    return stripe.webhooks.constructEvent(payload, signature, secret);
  } catch (error) {
    if ((error as { type?: string }).type === "StripeSignatureVerificationError") throw new AppError(400, "signature_invalid", "billing.webhook.badSignature");
    throw new AppError(400, "payload_invalid", "billing.webhook.badSignature");
  }
}

interface Target {
  companyId: string;
  subscriptionId: string;
  timeZone: string;
}

/** Our subscription a Stripe subscription belongs to: by its id, else by the metadata checkout gave it. */
async function targetOf(stripeSubscriptionId: string | null, metadata: Stripe.Metadata | null | undefined, customerId: string | null): Promise<Target | null> {
  const db = getDb();
  const select = { id: true, companyId: true, company: { select: { timeZone: true } } } as const;
  let row = stripeSubscriptionId ? await db.subscription.findFirst({ where: { stripeSubscriptionId }, select }) : null;
  if (!row && metadata?.company_id && metadata.subscription_id) {
    row = await db.subscription.findFirst({ where: { id: metadata.subscription_id, companyId: metadata.company_id }, select });
  }
  if (!row && customerId) row = await db.subscription.findFirst({ where: { stripeCustomerId: customerId }, select });
  return row ? { companyId: row.companyId, subscriptionId: row.id, timeZone: row.company.timeZone } : null;
}

/** Reads what the event needs from Stripe (outside the transaction) and says what to write. */
async function plan(event: Stripe.Event) {
  switch (event.type) {
    case "checkout.session.completed": {
      const session = event.data.object;
      const subscriptionId = idOf(session.subscription);
      if (session.mode !== "subscription" || !subscriptionId) return null;
      const companyId = session.client_reference_id ?? session.metadata?.company_id ?? null;
      const target = await targetOf(subscriptionId, companyId ? { ...session.metadata, company_id: companyId } : session.metadata, null);
      if (!target) return null;
      const subscription = typeof session.subscription === "object" && session.subscription ? session.subscription : await (await getStripe()).subscriptions.retrieve(subscriptionId);
      return { target, subscription, invoice: null, failed: false };
    }
    case "customer.subscription.updated":
    case "customer.subscription.deleted": {
      const subscription = event.data.object;
      const target = await targetOf(subscription.id, subscription.metadata, null);
      return target ? { target, subscription, invoice: null, failed: false } : null;
    }
    case "invoice.paid":
    case "invoice.payment_failed": {
      const invoice = event.data.object;
      const target = await targetOf(invoiceSubscriptionId(invoice), invoice.parent?.subscription_details?.metadata, idOf(invoice.customer));
      return target ? { target, subscription: null, invoice, failed: event.type === "invoice.payment_failed" } : null;
    }
    default:
      return null;
  }
}

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === "P2002";

export async function handleStripeEvent(event: Stripe.Event): Promise<WebhookOutcome> {
  const db = getDb();
  if (await db.stripeEvent.findUnique({ where: { id: event.id }, select: { id: true } })) return "duplicate";
  const work = (HANDLED_EVENTS as readonly string[]).includes(event.type) ? await plan(event) : null;
  try {
    await db.$transaction(async (tx) => {
      await tx.stripeEvent.create({ data: { id: event.id, type: event.type, companyId: work?.target.companyId ?? null } });
      if (!work) return;
      if (work.subscription) await applyStripeSubscription(tx, work.target.subscriptionId, work.subscription);
      if (work.invoice) await recordStripeInvoice(tx, { id: work.target.companyId, timeZone: work.target.timeZone }, work.invoice, work.failed);
    });
  } catch (error) {
    // The same event delivered twice at once: the other delivery handled it.
    if (isUniqueViolation(error) && (await db.stripeEvent.findUnique({ where: { id: event.id }, select: { id: true } }))) return "duplicate";
    throw error;
  }
  if (work?.subscription && event.type !== "customer.subscription.deleted") await syncSeats({ companyId: work.target.companyId });
  return work ? "handled" : "ignored";
}
