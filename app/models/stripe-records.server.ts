// Stripe's objects as this app's rows: a subscription onto the company's Subscription, an invoice
// onto an Invoice. Shared by the checkout return (sync) and the webhooks, so both write the same
// thing and either may come first (each write is an upsert of the same facts).
import type Stripe from "stripe";
import type { Prisma } from "~/generated/prisma/client";
import { todayIn, type IsoDate } from "~/lib/dates";
import { fromStripeTime, idOf } from "~/utils/stripe.server";

type Tx = Prisma.TransactionClient;

/** Our subscription row's fields from Stripe's subscription. */
export function subscriptionFields(subscription: Stripe.Subscription): Prisma.SubscriptionUpdateInput {
  const item = subscription.items?.data?.[0];
  const interval = item?.price?.recurring?.interval;
  return {
    status: subscription.status,
    stripeSubscriptionId: subscription.id,
    stripeCustomerId: idOf(subscription.customer),
    stripeItemId: item?.id ?? null,
    seats: item?.quantity ?? null,
    billingInterval: interval === "year" ? "year" : "month",
    currentPeriodEnd: fromStripeTime(item?.current_period_end),
    // An account deletion asks Stripe to end the subscription at the end of the month; Stripe
    // says when it ends (or that it already did).
    cancelAt: fromStripeTime(subscription.cancel_at ?? subscription.ended_at),
  };
}

export async function applyStripeSubscription(tx: Tx, localId: string, subscription: Stripe.Subscription) {
  return tx.subscription.update({ where: { id: localId }, data: subscriptionFields(subscription) });
}

/** Stripe's invoice status in this product's words (spec section 4: draft, sent, paid, failed). */
export function invoiceStatusOf(invoice: Pick<Stripe.Invoice, "status">, failed = false): string {
  if (failed) return "failed";
  switch (invoice.status) {
    case "paid":
      return "paid";
    case "open":
      return "sent";
    case "draft":
      return "draft";
    case "uncollectible":
      return "failed";
    default:
      return invoice.status ?? "draft";
  }
}

/** The subscription an invoice bills (the newer `parent` shape, or the older top-level field). */
export function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  const fromParent = idOf(invoice.parent?.subscription_details?.subscription);
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null }).subscription;
  return fromParent ?? idOf(legacy);
}

const dateIn = (seconds: number | null | undefined, timeZone: string): IsoDate => todayIn(timeZone, fromStripeTime(seconds) ?? new Date());

/**
 * Records (or updates) a Stripe invoice in the company's history: number, date, the period and
 * people of its subscription line, total, currency, status and Stripe's PDF address.
 */
export async function recordStripeInvoice(tx: Tx, company: { id: string; timeZone: string }, invoice: Stripe.Invoice, failed = false) {
  const line = invoice.lines?.data?.[0];
  const fields = {
    invoiceNumber: invoice.number ?? invoice.id,
    invoiceDate: dateIn(invoice.created, company.timeZone),
    periodStart: dateIn(line?.period?.start ?? invoice.period_start, company.timeZone),
    periodEnd: dateIn(line?.period?.end ?? invoice.period_end, company.timeZone),
    userCount: line?.quantity ?? 0,
    totalCents: invoice.total,
    currency: invoice.currency.toUpperCase(),
    status: invoiceStatusOf(invoice, failed),
    pdfUrl: invoice.invoice_pdf ?? null,
  };
  const existing = await tx.invoice.findUnique({ where: { stripeInvoiceId: invoice.id }, select: { id: true, companyId: true } });
  if (existing) {
    // A Stripe id is Stripe's: never move an invoice into another company.
    if (existing.companyId !== company.id) return null;
    return tx.invoice.update({ where: { id: existing.id }, data: fields });
  }
  return tx.invoice.create({ data: { ...fields, companyId: company.id, stripeInvoiceId: invoice.id } });
}
