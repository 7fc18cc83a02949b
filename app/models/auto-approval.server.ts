// Spec: pending requests not reviewed within 5 business days of their creation are approved.
// Business days are the working days of the company's default work schedule (Monday–Friday unless
// it set another, decision 0078) that are not its holidays: the reviewers' week, not the requester's. Safe to run twice or from two
// processes at once: each approval is a conditional update (pending → approved) that only one
// run can win, and only the winner sends the e-mail.
import { addDays, todayIn } from "~/lib/dates";
import { constantSchedule, DEFAULT_WORK_SCHEDULE, isScheduledWorkingDay, weeklyFigures, type ScheduleTimeline } from "~/lib/work-schedule";
import { buildHolidayIndex, holidayCalendarFor, type HolidayCalendar } from "~/lib/working-days";
import { getDb } from "~/utils/db.server";
import { AppError } from "~/utils/errors.server";
import { autoApproveVacation } from "./vacation.server";
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

/** Approves every overdue pending request of every company; returns the ids it approved. */
export async function runAutoApproval(now = new Date()): Promise<string[]> {
  const db = getDb();
  // Five business days are at least five calendar days: older requests are the only candidates.
  const candidates = await db.vacation.findMany({
    where: { status: "pending", createdAt: { lte: new Date(now.getTime() - AUTO_APPROVE_BUSINESS_DAYS * 86_400_000) } },
    select: { id: true, companyId: true, createdAt: true, company: { select: { countryCode: true, timeZone: true } } },
    orderBy: { createdAt: "asc" },
  });
  if (candidates.length === 0) return [];
  const companyIds = [...new Set(candidates.map((c) => c.companyId))];
  const [holidays, scheduleOf] = await Promise.all([
    db.holiday.findMany({
      where: { companyId: { in: companyIds } },
      select: { companyId: true, date: true, countryCode: true, region: true, isRecurring: true },
    }),
    loadCompanyScheduleTimelines(db, companyIds),
  ]);
  const approved: string[] = [];
  for (const companyId of companyIds) {
    const index = buildHolidayIndex(holidays.filter((h) => h.companyId === companyId));
    for (const request of candidates.filter((c) => c.companyId === companyId)) {
      const calendar = holidayCalendarFor(index, {}, request.company.countryCode);
      // Days are counted on the company's own calendar (its time zone).
      const created = todayIn(request.company.timeZone, request.createdAt);
      if (autoApprovalDate(created, calendar, AUTO_APPROVE_BUSINESS_DAYS, scheduleOf(companyId)) > todayIn(request.company.timeZone, now)) continue;
      try {
        await autoApproveVacation(companyId, request.id, now);
        approved.push(request.id);
      } catch (error) {
        // Decided meanwhile (by a person or another process): nothing to do. One that would now
        // break its team's blocking cover stays pending for a person to decide (decision 0091).
        if (!(error instanceof AppError && (error.code === "not_pending" || error.code === "cover_rule"))) throw error;
      }
    }
  }
  return approved;
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
