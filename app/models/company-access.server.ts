// A company whose unpaid trial ended more than GRACE_DAYS ago, or whose subscription ended, is
// read-only (docs/decisions/0027-billing.md): people still sign in, read and export everything,
// but changes are refused (402) until the company subscribes. Billing and the account itself stay
// open, or nobody could subscribe: the routes that keep them say so (WriteAccess). Checked once per
// state-changing request, where the viewer is resolved (requireUser, requireApiUser), so no screen
// or API route can forget it. With billing off (no Stripe key in production) nobody is on trial
// and nothing is ever read-only for not paying (docs/decisions/0074-billing-without-stripe-keys.md).
import { companyAccess, FIRST_SUBSCRIPTION_ORDER } from "~/lib/billing";
import { getDb } from "~/utils/db.server";
import { AppError } from "~/utils/errors.server";
import type { Viewer } from "~/utils/permissions.server";
import { billingConfigured } from "~/utils/stripe.server";

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * What a route says of itself when it asks who is signed in. `whileReadOnly`: its changes stay open
 * in a read-only company (paying, the account, one's language, hiding the set-up checklist), or
 * nobody could subscribe.
 */
export interface WriteAccess {
  whileReadOnly?: boolean;
}

export async function assertCompanyWritable(viewer: Pick<Viewer, "companyId" | "companySubscription">, request: Request, access: WriteAccess = {}, now = new Date()) {
  if (READS.has(request.method) || access.whileReadOnly || !billingConfigured()) return;
  // Read with the signed-in person on a request signed in by the session cookie (decision 0052);
  // read here for an API token or bearer token's viewer.
  const subscription =
    viewer.companySubscription !== undefined
      ? viewer.companySubscription
      : await getDb().subscription.findFirst({
          where: { companyId: viewer.companyId },
          orderBy: [...FIRST_SUBSCRIPTION_ORDER],
          select: { status: true, trialEndsAt: true, stripeCustomerId: true, cancelAt: true },
        });
  if (companyAccess(subscription, now) === "readOnly") throw new AppError(402, "read_only", "billing.readOnly.refused");
}
