// Spec: pending requests not reviewed within 5 business days of their creation are approved.
// Business days are the working days of the company's default work schedule (Monday–Friday unless
// it set another, decision 0078) that are not its holidays: the reviewers' week, not the requester's. Safe to run twice or from two
// processes at once: each approval is a conditional update (pending → approved) that only one
// run can win, and only the winner sends the e-mail. The job walks the companies in batches
// (decision 0101), so its reads and memory stay bounded as the number of tenants grows.
import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import pLimit from "p-limit";
import { addDays, todayIn } from "~/lib/dates";
import { constantSchedule, DEFAULT_WORK_SCHEDULE, isScheduledWorkingDay, weeklyFigures, type ScheduleTimeline } from "~/lib/work-schedule";
import { buildHolidayIndex, holidayCalendarFor, type HolidayCalendar } from "~/lib/working-days";
import { getDb } from "~/utils/db.server";
import { AppError } from "~/utils/errors.server";
import { autoApproveVacation } from "./vacation.server";
import { notifyDecisions } from "./vacation-notify.server";
import { loadCompanyScheduleTimelines } from "./work-schedule.server";

export const AUTO_APPROVE_BUSINESS_DAYS = 5;

const MONDAY_TO_FRIDAY = constantSchedule();

/**
 * The date on which a request created on `created` is due: that many business days later, on the
 * company's default schedule. A schedule without working days (never saved by the screens, but
 * possible through the API) counts Monday–Friday rather than never coming due.
 */
export function autoApprovalDate(created: string, calendar: HolidayCalendar, businessDays = AUTO_APPROVE_BUSINESS_DAYS, schedules: ScheduleTimeline = MONDAY_TO_FRIDAY): string {
  let date = created;
  let counted = 0;
  while (counted < businessDays) {
    date = addDays(date, 1);
    const inForce = schedules.at(date);
    const schedule = weeklyFigures(inForce).daysPerWeek > 0 ? inForce : DEFAULT_WORK_SCHEDULE;
    if (isScheduledWorkingDay(schedule, date, calendar.isHoliday)) counted++;
  }
  return date;
}

/** Companies per batch: each batch reads its companies' candidates, holidays and schedules once. */
export const AUTO_APPROVAL_BATCH_COMPANIES = 50;

/**
 * Companies of a batch approved at the same time. On PostgreSQL one approval's statements wait on
 * the server in turn; a few companies at once keep both the app and the database busy (each
 * company's own requests stay in order). Four of the pool's connections at most.
 */
export const AUTO_APPROVAL_PARALLEL_COMPANIES = 4;

/** What one batch did, for a caller that watches the job (the bench prints the longest). */
export interface AutoApprovalBatch {
  companies: number;
  candidates: number;
  approved: number;
  /** Wall time of the batch, its reads and its approvals, in ms. */
  ms: number;
}

export interface AutoApprovalOptions {
  /** Companies per batch (AUTO_APPROVAL_BATCH_COMPANIES). */
  batchSize?: number;
  onBatch?: (batch: AutoApprovalBatch) => void;
}

/**
 * Approves every overdue pending request of every company; returns the ids it approved. Walks
 * the companies that have candidates in id order, `batchSize` at a time (a keyset cursor on the
 * company id), so memory and each batch's reads stay bounded however many companies there are,
 * and each approval is its own short transaction.
 */
export async function runAutoApproval(now = new Date(), options: AutoApprovalOptions = {}): Promise<string[]> {
  const db = getDb();
  const batchSize = options.batchSize ?? AUTO_APPROVAL_BATCH_COMPANIES;
  // Five business days are at least five calendar days: older requests are the only candidates.
  const overdue = { status: "pending", createdAt: { lte: new Date(now.getTime() - AUTO_APPROVE_BUSINESS_DAYS * 86_400_000) } };
  const approved: string[] = [];
  let after: string | undefined;
  for (;;) {
    const started = performance.now();
    // The next companies with a candidate: a range scan of the (companyId, status, createdAt) index from the cursor.
    const groups = await db.vacation.groupBy({
      by: ["companyId"],
      where: { ...overdue, ...(after === undefined ? {} : { companyId: { gt: after } }) },
      orderBy: { companyId: "asc" },
      take: batchSize,
    });
    if (groups.length === 0) break;
    const companyIds = groups.map((group) => group.companyId);
    after = companyIds[companyIds.length - 1];
    const batch = await approveBatch(companyIds, overdue, now);
    approved.push(...batch.approved);
    options.onBatch?.({ companies: companyIds.length, candidates: batch.candidates, approved: batch.approved.length, ms: performance.now() - started });
    if (groups.length < batchSize) break;
  }
  return approved;
}

/** One batch: its companies' candidates, holidays and schedules in three reads, then each approval on its own. */
async function approveBatch(companyIds: string[], overdue: { status: string; createdAt: { lte: Date } }, now: Date) {
  const db = getDb();
  const [candidates, holidays, scheduleOf] = await Promise.all([
    db.vacation.findMany({
      where: { ...overdue, companyId: { in: companyIds } },
      select: { id: true, companyId: true, createdAt: true, company: { select: { countryCode: true, timeZone: true } } },
      orderBy: [{ companyId: "asc" }, { createdAt: "asc" }],
    }),
    db.holiday.findMany({
      where: { companyId: { in: companyIds } },
      select: { companyId: true, date: true, countryCode: true, region: true, isRecurring: true },
    }),
    loadCompanyScheduleTimelines(db, companyIds),
  ]);
  const holidaysOf = groupByCompany(holidays);
  const candidatesOf = groupByCompany(candidates);
  const approved: string[] = [];
  const parallel = pLimit(AUTO_APPROVAL_PARALLEL_COMPANIES);
  await Promise.all(
    companyIds.map((companyId) =>
      parallel(async () => {
        const index = buildHolidayIndex(holidaysOf.get(companyId) ?? []);
        const approvedHere: string[] = [];
        // Oldest first, so an older request takes a team's cover before a newer one.
        for (const request of candidatesOf.get(companyId) ?? []) {
          const calendar = holidayCalendarFor(index, {}, request.company.countryCode);
          // Days are counted on the company's own calendar (its time zone).
          const created = todayIn(request.company.timeZone, request.createdAt);
          if (autoApprovalDate(created, calendar, AUTO_APPROVE_BUSINESS_DAYS, scheduleOf(companyId)) > todayIn(request.company.timeZone, now)) continue;
          try {
            await autoApproveVacation(companyId, request.id, now);
            approvedHere.push(request.id);
          } catch (error) {
            // Decided meanwhile (by a person or another process): nothing to do. One that would now
            // break its team's blocking cover stays pending for a person to decide (decision 0091).
            if (!(error instanceof AppError && (error.code === "not_pending" || error.code === "cover_rule"))) throw error;
          }
          // On SQLite every query completes in a microtask, so without this the whole run would hold
          // the event loop (and every page of this process) until it ends: let pages in between.
          await yieldToEventLoop();
        }
        // The requesters are told after the commits, the company's at once (one read of each kind).
        if (approvedHere.length > 0) await notifyDecisions(companyId, approvedHere);
        approved.push(...approvedHere);
      }),
    ),
  );
  return { candidates: candidates.length, approved };
}

function groupByCompany<Row extends { companyId: string }>(rows: Row[]): Map<string, Row[]> {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const list = groups.get(row.companyId);
    if (list) list.push(row);
    else groups.set(row.companyId, [row]);
  }
  return groups;
}

/** Runs the job now and then every `intervalMs` inside the server; errors are logged, not fatal. */
export function scheduleAutoApproval(intervalMs = 10 * 60_000) {
  const tick = () =>
    runAutoApproval().then(
      (ids) => ids.length && console.log(`Auto-approved ${ids.length} request(s)`),
      (error) => console.error("Auto-approval failed:", error),
    );
  void tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
