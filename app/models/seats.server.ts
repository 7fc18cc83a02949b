// The subscription's quantity is the number of active people (1 € per person per month). The one
// function every change of that number goes through: a person accepting an invitation, a person
// being removed, a checkout completing (people may have joined while the person was paying).
import { FIRST_SUBSCRIPTION_ORDER } from "~/lib/billing";
import { getDb } from "~/utils/db.server";
import { billingConfigured, getStripe } from "~/utils/stripe.server";
import type { Viewer } from "~/utils/permissions.server";

/** Stripe statuses of a subscription that still bills (and so follows the head count). */
const BILLING_STATUSES = new Set(["active", "trialing", "past_due"]);

export function countActivePeople(companyId: string) {
  return getDb().user.count({ where: { companyId, deactivatedAt: null } });
}

/**
 * Sends the company's head count to its Stripe subscription when it changed. Never throws: a person
 * joining must not fail because Stripe is unreachable; the count is sent again at the next change,
 * checkout return or sync. Runs with the company of whoever caused the change (no permission of
 * its own: it only follows facts already decided). Returns the seats Stripe now has, or null.
 */
export async function syncSeats(scope: Pick<Viewer, "companyId">): Promise<number | null> {
  const { companyId } = scope;
  if (!billingConfigured()) return null;
  const db = getDb();
  const subscription = await db.subscription.findFirst({ where: { companyId }, orderBy: [...FIRST_SUBSCRIPTION_ORDER] });
  if (!subscription?.stripeSubscriptionId || !subscription.stripeItemId || !BILLING_STATUSES.has(subscription.status)) return null;
  const people = await countActivePeople(companyId);
  if (people === subscription.seats) return people;
  try {
    const item = await (await getStripe()).subscriptionItems.update(subscription.stripeItemId, { quantity: Math.max(1, people), proration_behavior: "create_prorations" });
    await db.subscription.update({ where: { id: subscription.id }, data: { seats: item.quantity ?? people } });
    return item.quantity ?? people;
  } catch (error) {
    console.error(`Seat count of company ${companyId} not sent to Stripe (${people}):`, (error as Error).message);
    return null;
  }
}
