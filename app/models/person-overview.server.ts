// One person's year as a colleague or an admin sees it: the company calendar's side panel and the
// person's own page (/people/:userId) both read it from here.
import { firstDayOfYear, lastDayOfYear, type IsoDate } from "~/lib/dates";
import { holidaysInYear } from "~/lib/holiday-dates";
import { holidaysInLanguage } from "~/models/holiday-catalogue.server";
import { displayName } from "~/lib/people";
import { holdsDates } from "~/lib/statuses";
import { unscheduledWeekdays, type ScheduleSource } from "~/lib/work-schedule";
import { getDb } from "~/utils/db.server";
import { AppError } from "~/utils/errors.server";
import { isAdmin, seesVacationDetailsOf, type Viewer } from "~/utils/permissions.server";
import { companyRefOf, loadBalanceInputs } from "./balance.server";

/**
 * A person of the viewer's company (404 for anyone else's) with the vacations of `year` that hold
 * dates (pending, approved: the balance inputs read no others). Their balances only for those who
 * see their vacations in detail (seesVacationDetailsOf); colleagues see when they are away, not how
 * many days they have left.
 */
export async function getPersonOverview(viewer: Viewer, userId: string, year: number, language?: string) {
  const db = getDb();
  const [person, inputs] = await Promise.all([
    db.user.findFirst({
      where: { id: userId, companyId: viewer.companyId },
      select: { id: true, email: true, fullName: true, name: true, profilePicture: true, teamId: true, countryCode: true, region: true, team: { select: { name: true } } },
    }),
    loadBalanceInputs(db, companyRefOf(viewer), { fromYear: year, toYear: year, userIds: [userId], withRecentlyDeactivated: true }),
  ]);
  if (!person) throw new AppError(404, "not_found", "errors.userNotFound");
  const detailed = seesVacationDetailsOf(viewer, person);
  const known = inputs.peopleById.has(userId);
  return {
    year,
    person: { id: person.id, name: displayName(person), email: person.email, photo: person.profilePicture, teamName: person.team?.name ?? null },
    isViewer: person.id === viewer.userId,
    detailed,
    /** The page explaining balances is for the person and company admins (explainBalance). */
    canExplainBalances: person.id === viewer.userId || isAdmin(viewer),
    balances: detailed && known ? inputs.balancesOf(userId, year) : null,
    hasAllowance: detailed && Boolean(inputs.allowanceOf(userId, year)),
    vacations: inputs
      .vacationsOf(userId)
      .filter((vacation) => holdsDates(vacation.status))
      .map(({ id, startDate, endDate, status }) => ({ id, startDate, endDate, status })),
    holidays: holidaysInYear(language ? await holidaysInLanguage(inputs.holidayRows, language) : inputs.holidayRows, person, inputs.companyCountryCode, year),
    /** Weekdays of the year the person does not work (their schedule), shaded on their year; none without schedules. */
    offDays: offDaysOf(inputs.schedulesOf(userId), year),
  };
}

export type PersonOverview = Awaited<ReturnType<typeof getPersonOverview>>;

function offDaysOf(schedules: ScheduleSource | undefined, year: number): IsoDate[] {
  return schedules ? unscheduledWeekdays(schedules, firstDayOfYear(year), lastDayOfYear(year)) : [];
}
