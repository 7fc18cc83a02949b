// E-mails about vacation requests. Reviewers' copies carry Approve and Reject links: signed (random
// token, stored hashed), single-use, expiring, bound to the request and to that admin.
import { languageOr, type Language } from "~/i18n";
import { renderVacationMail } from "~/emails/vacation.server";
import { todayIn } from "~/lib/dates";
import { displayName } from "~/lib/people";
import { vacationWorkingDays } from "~/lib/leave-charge";
import { chargedHours } from "~/lib/leave-request";
import { spanOfVacations } from "~/lib/holiday-spans";
import { recordAudit } from "~/utils/audit.server";
import { getDb } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { AppError } from "~/utils/errors.server";
import { queueMail } from "~/utils/mail.server";
import { assertAllowed, canNotifyCancellation, canNotifyReviewers, type Viewer } from "~/utils/permissions.server";
import { LIMITS, recordAttempt, remainingInWindow } from "~/utils/rate-limit.server";
import { generateToken, hashToken } from "~/utils/tokens.server";
import { reviewersOf, withReviewRouting } from "./approval.server";
import { loadHolidayCalendars } from "./balance.server";
import { chargedSources, storedChargesOf } from "./charged-schedules.server";
import { loadScheduleTimelines } from "./work-schedule.server";

export const ACTION_LINK_TTL_MS = 14 * 24 * 60 * 60 * 1000;

interface Person {
  id: string;
  email: string;
  fullName: string | null;
  preferredLanguage: string | null;
}

const personSelect = { id: true, email: true, fullName: true, preferredLanguage: true } as const;

export async function loadRequest(companyId: string, vacationId: string) {
  const [request] = await loadRequests(companyId, [vacationId]);
  if (!request) throw new AppError(404, "not_found", "vacation.notFound");
  return request;
}

/** Requests of one company with what their e-mails say, in one read of each kind however many. */
async function loadRequests(companyId: string, vacationIds: readonly string[]) {
  const db = getDb();
  const vacations = await db.vacation.findMany({
    where: { id: { in: [...vacationIds] }, companyId },
    include: {
      category: { select: { id: true, name: true, unit: true, reported: true } },
      user: {
        select: {
          ...personSelect,
          role: true,
          countryCode: true,
          region: true,
          teamId: true,
          company: { select: { countryCode: true, name: true } },
          team: {
            select: {
              name: true,
              members: { where: { deactivatedAt: null }, select: personSelect },
            },
          },
        },
      },
    },
  });
  if (vacations.length === 0) return [];
  const [{ calendarFor }, schedules] = await Promise.all([
    loadHolidayCalendars(db, companyId, spanOfVacations(vacations)),
    loadScheduleTimelines(db, companyId, [...new Set(vacations.map((vacation) => vacation.userId))]),
  ]);
  // The request is read whole, its charged schedules with it (decision 0083).
  const charged = chargedSources(schedules, storedChargesOf(vacations));
  return vacations.map((vacation) => ({
    vacation,
    workingDays: vacationWorkingDays(vacation, calendarFor(vacation.user), charged.countDaysOf(vacation)),
    // An hour category's request is told in hours (decision 0081).
    hours: vacation.category.unit === "hour" ? chargedHours(vacation, calendarFor(vacation.user), charged.schedulesOf(vacation)) : undefined,
  }));
}

type LoadedRequest = Awaited<ReturnType<typeof loadRequest>>;

/** Who decides: reviewersOf (app/models/approval.server.ts), the one routing rule. */
async function reviewersOfRequest(viewer: Viewer, request: LoadedRequest): Promise<Person[]> {
  const { user } = request.vacation;
  const { reviewers } = await reviewersOf(viewer.companyId, { id: user.id, role: user.role, teamId: user.teamId }, todayIn(viewer.timeZone));
  return reviewers;
}

async function createActionLinks(companyId: string, vacationId: string, adminId: string, now: Date) {
  const links: Record<"approve" | "reject", string> = { approve: "", reject: "" };
  for (const action of ["approve", "reject"] as const) {
    const token = generateToken();
    await getDb().vacationActionToken.create({
      data: { companyId, vacationId, adminId, action, tokenHash: hashToken(token), expiresAt: new Date(now.getTime() + ACTION_LINK_TTL_MS) },
    });
    links[action] = `${getEnv().APP_URL}/vacation-decision?token=${encodeURIComponent(token)}`;
  }
  return links;
}

async function send(kind: "requested" | "recorded" | "reminder" | "cancelled", companyId: string, request: LoadedRequest, recipients: { email: string; person?: Person; reviewer: boolean }[]) {
  const now = new Date();
  const requester = request.vacation.user;
  const seen = new Set<string>();
  for (const recipient of recipients) {
    const address = recipient.email.toLowerCase();
    if (seen.has(address) || address === requester.email) continue;
    seen.add(address);
    const language: Language = languageOr(recipient.person?.preferredLanguage ?? requester.preferredLanguage);
    const links = recipient.reviewer && recipient.person ? await createActionLinks(companyId, request.vacation.id, recipient.person.id, now) : null;
    await queueMail({
      to: address,
      companyId,
      ...renderVacationMail(kind, language, {
        requester: displayName(requester),
        recipient: recipient.person ? displayName(recipient.person) : address,
        startDate: request.vacation.startDate,
        endDate: request.vacation.endDate,
        workingDays: request.workingDays,
        hours: request.hours,
        startTime: request.vacation.startTime,
        endTime: request.vacation.endTime,
        categoryId: request.vacation.category.id,
        categoryName: request.vacation.category.name,
        description: request.vacation.description,
        links,
        appUrl: getEnv().APP_URL,
      }),
    });
  }
  return seen.size;
}

/** The addresses of a custom list that belong to nobody in the company. */
async function outsideAddresses(companyId: string, emails: string[]): Promise<string[]> {
  const wanted = [...new Set(emails.map((e) => e.toLowerCase()))];
  const colleagues = await getDb().user.findMany({ where: { companyId, email: { in: wanted } }, select: { email: true } });
  const known = new Set(colleagues.map((c) => c.email));
  return wanted.filter((e) => !known.has(e));
}

/**
 * Before a request is made: a person may have the app mail at most MAX_CUSTOM_RECIPIENTS_PER_HOUR
 * addresses outside the company per hour (counted when the mail is sent, in notifyNewRequest).
 * A list that would pass it is refused whole with a 429 saying when to retry, rather than mailed
 * in part (docs/decisions/0012-input-limits.md).
 */
export async function assertOutsideRecipientsAllowed(companyId: string, requesterId: string, emails: string[], now = Date.now()) {
  const outside = await outsideAddresses(companyId, emails);
  if (outside.length === 0) return;
  const { remaining, minutes } = await remainingInWindow(LIMITS.outsideRecipientsPerUser, requesterId, now);
  if (outside.length > remaining) {
    throw new AppError(429, "too_many_outside_recipients", "validation.outsideRecipientsPerHour", { params: { minutes: String(minutes), remaining: String(remaining) }, retryAfterSeconds: minutes * 60 });
  }
}

/**
 * On creation: the recipients the requester chose (spec: team admins by default). A vacation of an
 * absence category that needs no approval is already approved: they are told it is recorded, with nothing to review.
 */
export async function notifyNewRequest(viewer: Viewer, vacationId: string) {
  const { companyId } = viewer;
  const request = await loadRequest(companyId, vacationId);
  const recorded = request.vacation.status === "approved";
  const reviewers = await reviewersOfRequest(viewer, request);
  const reviewerIds = new Set(recorded ? [] : reviewers.map((r) => r.id));
  // A reported type (sickness, decision 0092) tells the team admins only, whatever was chosen: its
  // type and reason are for admins, and the mail carries both.
  const choice = request.vacation.category.reported ? { type: "team_admins" } : (JSON.parse(request.vacation.notificationRecipients) as { type: string; emails?: string[] });
  let people: Person[] = reviewers;
  let extraEmails: string[] = [];
  if (choice.type === "whole_team") {
    people = [...reviewers, ...(request.vacation.user.team?.members ?? [])];
  } else if (choice.type === "entire_company") {
    people = await getDb().user.findMany({ where: { companyId, deactivatedAt: null }, select: personSelect });
  } else if (choice.type === "custom") {
    const emails = (choice.emails ?? []).map((e) => e.toLowerCase());
    // Colleagues in the list get their own language (and links, when they review this request).
    people = await getDb().user.findMany({ where: { companyId, deactivatedAt: null, email: { in: emails } }, select: personSelect });
    const known = new Set(people.map((p) => p.email));
    extraEmails = emails.filter((e) => !known.has(e));
  }
  const sent = await send(recorded ? "recorded" : "requested", companyId, request, [
    ...people.map((person) => ({ email: person.email, person, reviewer: reviewerIds.has(person.id) })),
    ...extraEmails.map((email) => ({ email, reviewer: false })),
  ]);
  const outside = new Set(extraEmails);
  if (outside.size) await recordAttempt(LIMITS.outsideRecipientsPerUser, request.vacation.userId, Date.now(), outside.size);
  return sent;
}

/** "Notify admin": the reviewers again, with fresh links; who may, per canNotifyReviewers. */
export async function remindReviewers(viewer: Viewer, vacationId: string) {
  const { companyId } = viewer;
  const request = await loadRequest(companyId, vacationId);
  const { user } = request.vacation;
  if (request.vacation.status !== "pending") throw new AppError(409, "not_pending", "vacation.notPending");
  assertAllowed(canNotifyReviewers(await withReviewRouting(viewer), request.vacation, { id: user.id, role: user.role, teamId: user.teamId }));
  const reviewers = await reviewersOfRequest(viewer, request);
  const sent = await send("reminder", companyId, request, reviewers.map((person) => ({ email: person.email, person, reviewer: true })));
  // Mail only (its links are bookkeeping of the mail): the entry says who asked and how many were reminded.
  await recordAudit({ companyId, actorId: viewer.userId, action: "vacation.reviewers_reminded", entity: "vacation", entityId: vacationId, details: { reviewers: sent } });
  return sent;
}

/**
 * The API's "notify admin" (spec section 7): on a pending request it reminds the reviewers; on a
 * cancelled one (the company calendar asks 'Queres notificar o Admin da Team?' after cancelling)
 * it tells them of the cancellation.
 */
export async function notifyAdmin(viewer: Viewer, vacationId: string) {
  const vacation = await getDb().vacation.findFirst({ where: { id: vacationId, companyId: viewer.companyId }, select: { status: true } });
  return vacation?.status === "cancelled" ? notifyCancellation(viewer, vacationId) : remindReviewers(viewer, vacationId);
}

export const CANCELLATION_NOTIFIED = "vacation.cancellation_notified";

/**
 * The reviewers hear that a vacation was cancelled, when the person who cancelled it says yes to
 * 'Queres notificar o Admin da Team?'. Once per vacation: a second yes would only be noise (409).
 */
export async function notifyCancellation(viewer: Viewer, vacationId: string) {
  const { companyId } = viewer;
  const request = await loadRequest(companyId, vacationId);
  const { user } = request.vacation;
  if (request.vacation.status !== "cancelled") throw new AppError(409, "not_cancelled", "vacation.notCancelled");
  assertAllowed(canNotifyCancellation(await withReviewRouting(viewer), request.vacation, { id: user.id, role: user.role, teamId: user.teamId }));
  const db = getDb();
  const already = await db.auditEntry.findFirst({ where: { companyId, action: CANCELLATION_NOTIFIED, entityId: vacationId }, select: { id: true } });
  if (already) throw new AppError(409, "already_notified", "vacation.cancellationAlreadyNotified");
  const reviewers = await reviewersOfRequest(viewer, request);
  const sent = await send("cancelled", companyId, request, reviewers.map((person) => ({ email: person.email, person, reviewer: false })));
  await recordAudit({ companyId, actorId: viewer.userId, action: CANCELLATION_NOTIFIED, entity: "vacation", entityId: vacationId, details: { recipients: sent } });
  return sent;
}

/**
 * A person was deactivated (deactivateUser: the Users tab, the API, SCIM) and their pending requests
 * withdrawn: whoever would have decided each hears it was cancelled, so nothing waits on them. Mail
 * only, after the deactivation's own audit entry lists the requests.
 */
export async function notifyWithdrawnRequests(viewer: Viewer, vacationIds: readonly string[]) {
  let sent = 0;
  for (const id of vacationIds) {
    const request = await loadRequest(viewer.companyId, id);
    const reviewers = await reviewersOfRequest(viewer, request);
    sent += await send("cancelled", viewer.companyId, request, reviewers.map((person) => ({ email: person.email, person, reviewer: false })));
  }
  return sent;
}

/** Approved or rejected (also automatically): the requester hears it in their language. */
export function notifyDecision(companyId: string, vacationId: string) {
  return notifyDecisions(companyId, [vacationId]);
}

/** The requesters of decided requests of one company are told (the auto-approval job tells a company's at once). */
export async function notifyDecisions(companyId: string, vacationIds: readonly string[]) {
  for (const { vacation, workingDays, hours } of await loadRequests(companyId, vacationIds)) {
    if (vacation.status !== "approved" && vacation.status !== "rejected") continue;
    const requester = vacation.user;
    await queueMail({
      to: requester.email,
      companyId,
      ...renderVacationMail(vacation.status, languageOr(requester.preferredLanguage), {
        requester: displayName(requester),
        recipient: displayName(requester),
        startDate: vacation.startDate,
        endDate: vacation.endDate,
        workingDays,
        hours,
        startTime: vacation.startTime,
        endTime: vacation.endTime,
        categoryId: vacation.category.id,
        categoryName: vacation.category.name,
        description: vacation.description,
        links: null,
        appUrl: getEnv().APP_URL,
        automatic: vacation.autoApproved,
      }),
    });
  }
}
