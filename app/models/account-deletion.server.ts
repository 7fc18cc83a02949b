// Asking to delete the company's account (spec: "account deletion request ends the company
// subscription the next month"). Nothing is deleted then: the subscription ends at the end of the
// month, the company is read-only from then on, and its data stays until it is erased on request
// (docs/decisions/0027-billing.md).
import { deletionRequestedMail } from "~/emails/billing.server";
import { languageOr } from "~/i18n";
import { addDays, todayIn, type IsoDate } from "~/lib/dates";
import { formatDate } from "~/lib/format";
import { displayName } from "~/lib/people";
import { recordAudit } from "~/utils/audit.server";
import { getDb } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { AppError } from "~/utils/errors.server";
import { queueMail } from "~/utils/mail.server";
import { assertAllowed, canDeleteAccount, type Viewer } from "~/utils/permissions.server";
import { billingConfigured, billingOff, getStripe } from "~/utils/stripe.server";
import { FIRST_SUBSCRIPTION_ORDER } from "~/lib/billing";

/** Milliseconds a zone is ahead of UTC at an instant. */
function zoneOffset(timeZone: string, at: number): number {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" }).formatToParts(new Date(at));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  return Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second")) - at;
}

/** The instant a calendar date starts in a time zone. */
export function startOfDayIn(date: IsoDate, timeZone: string): Date {
  const utcMidnight = Date.parse(`${date}T00:00:00Z`);
  const first = utcMidnight - zoneOffset(timeZone, utcMidnight);
  // Once more with the offset at the found instant (a change of offset that day).
  return new Date(utcMidnight - zoneOffset(timeZone, first));
}

/** The end of the current month in the company's zone: the first moment of the next month. */
export function endOfMonthIn(timeZone: string, now: Date): { instant: Date; lastDay: IsoDate } {
  const today = todayIn(timeZone, now);
  const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  const next = `${month === 12 ? year + 1 : year}-${String(month === 12 ? 1 : month + 1).padStart(2, "0")}-01` as IsoDate;
  return { instant: startOfDayIn(next, timeZone), lastDay: addDays(next, -1) };
}

export async function getAccountStatus(viewer: Viewer) {
  const company = await getDb().company.findUniqueOrThrow({ where: { id: viewer.companyId }, select: { deletionRequestedAt: true, timeZone: true } });
  const subscription = await getDb().subscription.findFirst({ where: { companyId: viewer.companyId }, orderBy: [...FIRST_SUBSCRIPTION_ORDER], select: { cancelAt: true } });
  return {
    deletionRequestedAt: company.deletionRequestedAt ? todayIn(company.timeZone, company.deletionRequestedAt) : null,
    endsOn: subscription?.cancelAt ? todayIn(company.timeZone, new Date(subscription.cancelAt.getTime() - 1)) : null,
  };
}

/**
 * The owner asks to delete the account: Stripe ends the subscription at the end of this month
 * (first, so a refusal there changes nothing here), the request is recorded and audited, and the
 * owner gets an e-mail saying when. Asking twice is a 409.
 */
export async function requestAccountDeletion(viewer: Viewer, now = new Date()) {
  assertAllowed(canDeleteAccount(viewer));
  const db = getDb();
  const company = await db.company.findUniqueOrThrow({ where: { id: viewer.companyId }, select: { id: true, name: true, timeZone: true, deletionRequestedAt: true } });
  if (company.deletionRequestedAt) {
    throw new AppError(409, "deletion_already_requested", "billing.account.alreadyRequested", { params: { date: todayIn(company.timeZone, company.deletionRequestedAt) } });
  }
  const { instant: endsAt, lastDay } = endOfMonthIn(company.timeZone, now);
  const subscription = await db.subscription.findFirst({ where: { companyId: viewer.companyId }, orderBy: [...FIRST_SUBSCRIPTION_ORDER] });
  if (subscription?.stripeSubscriptionId && subscription.status !== "canceled") {
    if (!billingConfigured()) throw billingOff();
    try {
      await (await getStripe()).subscriptions.update(subscription.stripeSubscriptionId, { cancel_at: Math.floor(endsAt.getTime() / 1000), metadata: { deletion_requested: "true" } });
    } catch (error) {
      console.error("Stripe subscription end not set:", (error as Error).message);
      throw new AppError(502, "deletion_failed", "billing.account.stripeFailed");
    }
  }
  await db.$transaction(async (tx) => {
    const { count } = await tx.company.updateMany({ where: { id: company.id, deletionRequestedAt: null }, data: { deletionRequestedAt: now } });
    if (count !== 1) throw new AppError(409, "deletion_already_requested", "billing.account.alreadyRequested", { params: { date: todayIn(company.timeZone, now) } });
    if (subscription) await tx.subscription.update({ where: { id: subscription.id }, data: { cancelAt: endsAt } });
    await recordAudit(
      { companyId: company.id, actorId: viewer.userId, action: "account.deletion_requested", entity: "company", entityId: company.id, details: { subscription_ends_at: endsAt.toISOString(), stripe_subscription_id: subscription?.stripeSubscriptionId ?? null } },
      tx,
    );
  });
  const owner = await db.user.findUniqueOrThrow({ where: { id: viewer.userId }, select: { email: true, fullName: true, name: true, preferredLanguage: true } });
  const language = languageOr(owner.preferredLanguage);
  await queueMail({
    to: owner.email,
    companyId: company.id,
    ...deletionRequestedMail(language, { name: displayName(owner), company: company.name, endsOn: formatDate(lastDay, language), link: `${getEnv().APP_URL}/company-settings/manage-account` }),
  });
  return { endsAt, lastDay };
}
