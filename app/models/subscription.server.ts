// The company's subscription: what the trial banner and the billing tabs show, starting a Stripe
// Checkout for it, and syncing it with Stripe when the person comes back from paying
// (docs/decisions/0027-billing.md).
import type Stripe from "stripe";
import type { Language } from "~/i18n";
import { companyAccess, FIRST_SUBSCRIPTION_ORDER, isBillingInterval, isCurrency, pricePerPersonCents, readOnlyFrom, trialState, type BillingInterval, type TrialBannerState, DEFAULT_CURRENCY } from "~/lib/billing";
import { todayIn } from "~/lib/dates";
import type { ApiSubscription } from "~/lib/schemas/api-responses";
import { getDb } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { AppError } from "~/utils/errors.server";
import { assertAllowed, managesBilling, type Viewer } from "~/utils/permissions.server";
import { billingConfigured, getStripe, idOf } from "~/utils/stripe.server";
import { countActivePeople, syncSeats } from "./seats.server";
import { applyStripeSubscription, recordStripeInvoice } from "./stripe-records.server";

export type SubscriptionRow = NonNullable<Awaited<ReturnType<typeof firstSubscriptionOf>>>;

/** The company's first subscription: the one the banner and the billing screens are about (spec). */
export function firstSubscriptionOf(companyId: string) {
  return getDb().subscription.findFirst({ where: { companyId }, orderBy: [...FIRST_SUBSCRIPTION_ORDER] });
}

/** Spec section 3's shape (id, stripe_subscription_status, trial_ends_at, stripe_customer_id), and what else billing knows. */
export function serializeSubscription(subscription: SubscriptionRow): ApiSubscription {
  return {
    id: subscription.id,
    stripe_subscription_status: subscription.status,
    trial_ends_at: subscription.trialEndsAt?.toISOString() ?? null,
    stripe_customer_id: subscription.stripeCustomerId,
    stripe_subscription_id: subscription.stripeSubscriptionId,
    billing_interval: isBillingInterval(subscription.billingInterval) ? subscription.billingInterval : "month",
    seats: subscription.seats,
    current_period_end: subscription.currentPeriodEnd?.toISOString() ?? null,
    cancel_at: subscription.cancelAt?.toISOString() ?? null,
  };
}

export async function listSubscriptions(viewer: Viewer) {
  assertAllowed(managesBilling(viewer));
  return getDb().subscription.findMany({ where: { companyId: viewer.companyId }, orderBy: [...FIRST_SUBSCRIPTION_ORDER] });
}

/** A subscription of the viewer's company by id (404 for anyone else's), or its first one. */
async function subscriptionFor(viewer: Viewer, id: string | undefined) {
  const subscription = id ? await getDb().subscription.findFirst({ where: { id, companyId: viewer.companyId } }) : await firstSubscriptionOf(viewer.companyId);
  if (!subscription) throw new AppError(404, "not_found", "billing.subscription.notFound");
  return subscription;
}

/**
 * The shell's trial banner for this viewer, or null when the spec's conditions do not hold. Only
 * for those who can act on it (company admins, who can subscribe), and only while billing is on:
 * with billing off nobody is on trial (docs/decisions/0074-billing-without-stripe-keys.md).
 */
export async function loadTrialBanner(viewer: Viewer, now = new Date()): Promise<TrialBannerState | null> {
  if (!managesBilling(viewer) || !billingConfigured()) return null;
  // Read with the signed-in person on a page's request; read here otherwise.
  const subscription = viewer.companySubscription !== undefined ? viewer.companySubscription : await firstSubscriptionOf(viewer.companyId);
  const trial = trialState(subscription, now);
  if (!subscription || !trial) return null;
  return {
    subscriptionId: subscription.id,
    daysLeft: trial.daysLeft,
    readOnlyFrom: trial.daysLeft === 0 ? todayIn(viewer.timeZone, new Date(readOnlyFrom(trial.endsAt))) : null,
    access: companyAccess(subscription, now),
  };
}

/** The subscription card of the billing tab: status, people, price in the company's currency. */
export async function loadSubscriptionSummary(viewer: Viewer, now = new Date()) {
  assertAllowed(managesBilling(viewer));
  const [subscription, people, details] = await Promise.all([
    firstSubscriptionOf(viewer.companyId),
    countActivePeople(viewer.companyId),
    getDb().billingDetails.findUnique({ where: { companyId: viewer.companyId }, select: { currency: true } }),
  ]);
  const currency = isCurrency(details?.currency) ? details.currency : DEFAULT_CURRENCY;
  const trial = trialState(subscription, now);
  const on = billingConfigured();
  return {
    id: subscription?.id ?? null,
    status: subscription?.status ?? null,
    // Billing off: no trial to count down, never read-only for not paying.
    trialDaysLeft: on ? (trial?.daysLeft ?? null) : null,
    access: on ? companyAccess(subscription, now) : "full",
    subscribed: Boolean(subscription?.stripeCustomerId),
    interval: subscription?.billingInterval ?? "month",
    seats: subscription?.seats ?? null,
    // Calendar dates in the company's zone; a subscription ending at midnight ends the day before.
    currentPeriodEnd: subscription?.currentPeriodEnd ? todayIn(viewer.timeZone, subscription.currentPeriodEnd) : null,
    cancelAt: subscription?.cancelAt ? todayIn(viewer.timeZone, new Date(subscription.cancelAt.getTime() - 1)) : null,
    people,
    currency,
    prices: { month: pricePerPersonCents(currency, "month"), year: pricePerPersonCents(currency, "year") },
  };
}

/** Whether a subscription is already paid for in Stripe (a second checkout would bill twice). */
function alreadySubscribed(subscription: SubscriptionRow) {
  return Boolean(subscription.stripeSubscriptionId) && ["active", "past_due", "trialing", "incomplete"].includes(subscription.status);
}

export const CHECKOUT_RETURN_PATH = "/company-settings/billing-invoices";

/**
 * A Stripe Checkout for the subscription: one line, the company's active people at the monthly
 * or annual price per person, in the billing currency. Returns the address to send the person
 * to. Stripe comes back to the invoices tab with `session_id`, which the shell syncs.
 */
export async function startCheckout(viewer: Viewer, input: { subscriptionId?: string; interval: BillingInterval; language: Language }) {
  assertAllowed(managesBilling(viewer));
  const stripe = await getStripe();
  const subscription = await subscriptionFor(viewer, input.subscriptionId);
  if (alreadySubscribed(subscription)) throw new AppError(409, "already_subscribed", "billing.checkout.alreadySubscribed");
  const db = getDb();
  const [details, people, owner] = await Promise.all([
    db.billingDetails.findUnique({ where: { companyId: viewer.companyId } }),
    countActivePeople(viewer.companyId),
    db.user.findFirst({ where: { companyId: viewer.companyId, role: "owner", deactivatedAt: null }, select: { email: true } }),
  ]);
  const currency = isCurrency(details?.currency) ? details.currency : DEFAULT_CURRENCY;
  const env = getEnv();
  const priceId = input.interval === "year" ? env.STRIPE_PRICE_ANNUAL : env.STRIPE_PRICE_MONTHLY;
  const metadata = { company_id: viewer.companyId, subscription_id: subscription.id };
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.create({
      mode: "subscription",
      client_reference_id: viewer.companyId,
      customer_email: details?.invoiceEmail || owner?.email || undefined,
      currency: currency.toLowerCase(),
      locale: input.language,
      line_items: [
        priceId
          ? { price: priceId, quantity: Math.max(1, people) }
          : {
              quantity: Math.max(1, people),
              price_data: {
                currency: currency.toLowerCase(),
                unit_amount: pricePerPersonCents(currency, input.interval),
                recurring: { interval: input.interval },
                product_data: { name: "Folga" },
              },
            },
      ],
      metadata,
      subscription_data: { metadata },
      success_url: `${env.APP_URL}${CHECKOUT_RETURN_PATH}?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${env.APP_URL}/company-settings/billing-details`,
    });
  } catch (error) {
    console.error("Stripe checkout not created:", (error as Error).message);
    throw new AppError(502, "checkout_failed", "billing.checkout.createFailed");
  }
  if (!session.url) throw new AppError(502, "checkout_failed", "billing.checkout.openFailed");
  return { url: session.url, sessionId: session.id };
}

/** The Stripe objects of a completed checkout, when it belongs to this company. */
async function completedCheckout(stripe: Stripe, companyId: string, sessionId: string) {
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.retrieve(sessionId, { expand: ["subscription"] });
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404) throw new AppError(404, "not_found", "billing.subscription.notFound");
    throw error;
  }
  // Another company's session (a guessed or copied address) changes nothing here.
  const owner = session.client_reference_id ?? session.metadata?.company_id;
  if (owner !== companyId) throw new AppError(404, "not_found", "billing.subscription.notFound");
  if (session.status !== "complete" || !session.subscription) return null;
  const subscription = typeof session.subscription === "string" ? await stripe.subscriptions.retrieve(session.subscription) : session.subscription;
  const invoiceId = idOf(subscription.latest_invoice as string | { id: string } | null);
  const invoice = typeof subscription.latest_invoice === "object" && subscription.latest_invoice ? subscription.latest_invoice : invoiceId ? await stripe.invoices.retrieve(invoiceId) : null;
  return { subscription, invoice };
}

/**
 * Brings the subscription up to date with Stripe (spec: POST /api/billing/sync). With the
 * `sessionId` Stripe's checkout returned with, that checkout is read once per id: its customer,
 * subscription and first invoice are recorded (the webhooks record the same, whichever comes
 * first). Without it, the subscription Stripe already has is read again. Answers the row.
 */
export async function syncSubscription(viewer: Viewer, input: { subscriptionId?: string; sessionId?: string }) {
  assertAllowed(managesBilling(viewer));
  const stripe = await getStripe();
  const local = await subscriptionFor(viewer, input.subscriptionId);
  if (input.sessionId && local.lastCheckoutSessionId === input.sessionId) return local;
  const company = await getDb().company.findUniqueOrThrow({ where: { id: viewer.companyId }, select: { id: true, timeZone: true } });
  let found: { subscription: Stripe.Subscription; invoice: Stripe.Invoice | null } | null;
  try {
    if (input.sessionId) found = await completedCheckout(stripe, viewer.companyId, input.sessionId);
    else found = local.stripeSubscriptionId ? { subscription: await stripe.subscriptions.retrieve(local.stripeSubscriptionId), invoice: null } : null;
  } catch (error) {
    if (error instanceof AppError) throw error;
    console.error("Stripe subscription not read:", (error as Error).message);
    throw new AppError(502, "sync_failed", "billing.subscription.loadFailed");
  }
  if (!found) return local;
  const { subscription, invoice } = found;
  const updated = await getDb().$transaction(async (tx) => {
    const row = await applyStripeSubscription(tx, local.id, subscription);
    if (invoice) await recordStripeInvoice(tx, company, invoice);
    if (input.sessionId) return tx.subscription.update({ where: { id: local.id }, data: { lastCheckoutSessionId: input.sessionId } });
    return row;
  });
  await syncSeats(viewer);
  return updated;
}

/**
 * The checkout return on the server (`?session_id=` in the address; without JavaScript this is the
 * whole sync): syncs once and answers whether the banner's conditions still hold. A failure here
 * is not the page's: the banner then says the payment is being confirmed.
 */
export async function syncCheckoutReturn(viewer: Viewer, sessionId: string): Promise<"done" | "pending"> {
  if (!managesBilling(viewer) || !billingConfigured() || !/^cs_[A-Za-z0-9_]{1,200}$/.test(sessionId)) return "done";
  try {
    const subscription = await syncSubscription(viewer, { sessionId });
    return trialState(subscription, new Date()) ? "pending" : "done";
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return "done";
    console.error("Checkout return not synced:", (error as Error).message);
    return "pending";
  }
}
