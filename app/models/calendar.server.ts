// Data of the personal screens, loaded for a whole year in a fixed number of queries and
// computed in memory (working days, balances), whatever the number of vacations.
import { holidaysInYear } from "~/lib/holiday-dates";
import { holidaysInLanguage } from "~/models/holiday-catalogue.server";
import { displayName } from "~/lib/people";
import { FIRST_DATE, LAST_DATE } from "~/lib/input-limits";
import { vacationWorkingDays, type LeaveUnit } from "~/lib/leave-charge";
import { chargedHours, type StoredRequest } from "~/lib/leave-request";
import { freezeSchedules, type ScheduleSegment, type ScheduleSource } from "~/lib/work-schedule";
import { normalizeCode, type HolidayCalendar, type HolidayPerson } from "~/lib/working-days";
import { spanCovers, spanOfVacations } from "~/lib/holiday-spans";
import { getDb } from "~/utils/db.server";
import { AppError } from "~/utils/errors.server";
import { isAdmin, type Requester, type Viewer } from "~/utils/permissions.server";
import { readCategoryListing } from "./absence-category.server";
import { companyRefOf, leaveYearSpan, loadBalanceInputs, loadHolidayCalendars, readBalancePeople, type BalancePerson, type HolidaySpan } from "./balance.server";
import { holdingDates, readVacations, vacationFilterWhere } from "./vacation-list.server";
import { vacationSelect } from "./vacation.server";
import { chargeChangeOf, chargedSources, readChargedSchedulesOf, type ChargeChange } from "./charged-schedules.server";
import { loadScheduleTimelines, type ScheduleTimelines } from "./work-schedule.server";

export const UPCOMING_LIMIT = 10;

export async function listCategories(viewer: Viewer, { activeOnly = true } = {}) {
  return readCategoryListing(getDb(), viewer.companyId, { activeOnly });
}

/**
 * The viewer's own year: their vacations touching the year, the holidays that apply to them, the
 * categories, their balances, the next vacations from `today` (which may reach into next year;
 * only those still on: pending or approved), and the holiday rows the request form counts
 * working days with in the browser.
 */
export async function getPersonalYear(viewer: Viewer & { readonly user?: BalancePerson }, year: number, today: string, language?: string) {
  const userId = viewer.userId;
  const db = getDb();
  // The leave year's vacations are listed and counted in the balances: one read for both. The
  // screen shows the leave year's twelve months (decision 0080).
  const startMonth = viewer.companyLeaveYearStartMonth ?? 1;
  const shown = leaveYearSpan(year, year, startMonth);
  const yearVacations = readVacations(vacationSelect, vacationFilterWhere(viewer, { userId, dateFrom: shown.startDate, dateTo: shown.endDate }), { order: "oldest" });
  const [inputs, vacations, upcomingRows] = await Promise.all([
    loadBalanceInputs(db, companyRefOf(viewer), { fromYear: year, toYear: year, userIds: [userId], vacations: yearVacations, people: signedInPerson(viewer) }),
    yearVacations,
    // What is still ahead: a rejected or cancelled request will not happen.
    readVacations(vacationSelect, { AND: [vacationFilterWhere(viewer, { userId, dateFrom: today }), holdingDates] }, {
      order: "oldest",
      page: { offset: 0, limit: UPCOMING_LIMIT },
    }),
  ]);
  const person = inputs.peopleById.get(userId);
  if (!person) throw new AppError(404, "not_found", "errors.userNotFound");
  const calendar = inputs.calendarOf(userId);
  const holidayRows = language ? await holidaysInLanguage(inputs.holidayRows, language) : inputs.holidayRows;
  // What is still ahead may lie years after the year shown, beyond the holidays read for it.
  const upcomingSpan = spanOfVacations(upcomingRows);
  const upcomingCalendar = spanCovers(inputs.holidaySpan, upcomingSpan)
    ? calendar
    : (await loadHolidayCalendars(db, companyRefOf(viewer), upcomingSpan)).calendarFor(person);
  // Requests ahead of the year shown are not among the balance's rows: their charges are read too.
  const inYear = new Set(inputs.vacationsOf(userId).map((row) => row.id));
  const aheadCharges = await readChargedSchedulesOf(db, inputs.scheduleTimelines, viewer.companyId, upcomingRows.filter((row) => !inYear.has(row.id)));
  const charged = aheadCharges.size ? chargedSources(inputs.scheduleTimelines, new Map([...inputs.storedCharges, ...aheadCharges])) : inputs.charged;
  const hourCategories = new Set(inputs.categories.filter((category) => category.unit === "hour").map((category) => category.id));
  const withDays =
    (counted: HolidayCalendar) =>
    <T extends StoredRequest & { id: string; userId: string; categoryId: string }>(v: T) => {
      // Each request counts with the schedules it was charged with (decision 0083).
      return {
        ...v,
        workingDays: vacationWorkingDays(v, counted, charged.countDaysOf(v)),
        // An hour category's request shows its hours (decision 0081); undefined for days.
        hours: hourCategories.has(v.categoryId) ? chargedHours(v, counted, charged.schedulesOf(v)) : undefined,
      };
    };
  return {
    year,
    startMonth,
    holidays:
      startMonth === 1
        ? holidaysInYear(holidayRows, person, inputs.companyCountryCode, year)
        : [...holidaysInYear(holidayRows, person, inputs.companyCountryCode, year), ...holidaysInYear(holidayRows, person, inputs.companyCountryCode, year + 1)].filter(
            (holiday) => holiday.date >= shown.startDate && holiday.date <= shown.endDate,
          ),
    categories: inputs.categories,
    vacations: vacations.map(withDays(calendar)),
    upcoming: upcomingRows.map(withDays(upcomingCalendar)),
    balances: inputs.balancesOf(userId, year),
    hasAllowance: Boolean(inputs.allowanceOf(userId, year)),
    holidayContext: { ...holidayContextOf({ ...person, company: { countryCode: inputs.companyCountryCode } }, holidayRows, inputs.schedulesOf(userId)), leaveYearStartMonth: startMonth },
    /** What was read of the viewer, for describeVacations on the same page; not for the browser. */
    reads: { people: [person], schedules: inputs.scheduleTimelines, holidays: { span: inputs.holidaySpan, calendarFor: inputs.calendarFor } } satisfies ReadsOfPeople,
  };
}

/**
 * The signed-in person as a balance reads people, when their row came with the session (a
 * SignedInViewer's user): the same request need not read it again.
 */
function signedInPerson(viewer: Viewer & { readonly user?: BalancePerson }): BalancePerson[] | undefined {
  const user = viewer.user;
  if (user?.id !== viewer.userId) return undefined;
  const { id, email, fullName, name, role, teamId, countryCode, region, firstDay, lastDay } = user;
  return [{ id, email, fullName, name, role, teamId, countryCode, region, firstDay, lastDay }];
}

/**
 * The holiday rows that can apply to one person (their work country, else the company's), sent
 * to the browser so the request drawer counts working days with the server's own rules
 * (app/lib/working-days.ts takes rows, not calendars, through a loader).
 */
function holidayContextOf(
  user: { countryCode: string | null; region: string | null; company: { countryCode: string } },
  rows: readonly { date: string; countryCode: string; region: string | null; isRecurring: boolean }[],
  schedules: ScheduleSource | undefined,
) {
  const country = normalizeCode(user.countryCode) ?? normalizeCode(user.company.countryCode);
  return {
    person: { countryCode: user.countryCode, region: user.region },
    companyCountryCode: user.company.countryCode,
    // The person's schedules over every date the form accepts, as segments (one per change, so a
    // few hundred bytes): the browser counts a request as the server will charge it. Null when the
    // company keeps no schedules: Monday–Friday, as before.
    schedules: schedules ? freezeSchedules(schedules, FIRST_DATE, LAST_DATE) : (null as ScheduleSegment[] | null),
    rows: rows
      .filter((row) => normalizeCode(row.countryCode) === country)
      .map(({ date, countryCode, region, isRecurring }) => ({ date, countryCode, region, isRecurring })),
  };
}

export type HolidayContext = ReturnType<typeof holidayContextOf>;

interface DescribedVacation extends StoredRequest {
  id: string;
  userId: string;
  categoryId: string;
  status: string;
}

/** What a page has read already of some people (getPersonalYear's `reads`, of the viewer). */
export interface ReadsOfPeople {
  people: readonly BalancePerson[];
  schedules: ScheduleTimelines;
  holidays: { span: HolidaySpan; calendarFor(person: HolidayPerson): HolidayCalendar };
}

/**
 * Requester names, the facts the permission rules need about them, and working days of a page of
 * vacations of any people, in a fixed number of queries however many rows the page has. With
 * `known`, what the page read already (the viewer's year), only what it lacks is read: the other
 * people and their schedules, and the holidays when its rows reach beyond those read.
 */
export async function describeVacations(viewer: Viewer, vacations: readonly DescribedVacation[], categories: readonly { id: string; unit: string }[] = [], known?: ReadsOfPeople) {
  const names: Record<string, string> = {};
  const requesters: Record<string, Requester> = {};
  const workingDays: Record<string, number | null> = {};
  // The hours of requests of categories counting hours (decision 0081); absent for days.
  const hours: Record<string, number | null> = {};
  // Admins only: a request whose charge under today's schedules differs from the one it keeps.
  const chargeChanges: Record<string, ChargeChange> = {};
  if (vacations.length === 0) return { names, requesters, workingDays, hours, chargeChanges };
  const units = new Map<string, LeaveUnit>(categories.map((category) => [category.id, category.unit === "hour" ? "hour" : "day"]));
  const userIds = [...new Set(vacations.map((v) => v.userId))];
  const knownPeople = new Map((known?.people ?? []).map((person) => [person.id, person]));
  const others = userIds.filter((userId) => !knownPeople.has(userId));
  const span = spanOfVacations(vacations);
  const [read, holidays, schedules] = await Promise.all([
    // Deactivated people too: their past vacations are still listed under their name.
    others.length ? readBalancePeople(getDb(), viewer.companyId, { userIds: others, deactivated: "included" }) : [],
    known && spanCovers(known.holidays.span, span) ? known.holidays : loadHolidayCalendars(getDb(), companyRefOf(viewer), span),
    loadScheduleTimelines(getDb(), viewer.companyId, userIds, known?.schedules),
  ]);
  const people = [...userIds.flatMap((userId) => knownPeople.get(userId) ?? []), ...read];
  for (const person of people) {
    names[person.id] = displayName(person);
    requesters[person.id] = { id: person.id, role: person.role, teamId: person.teamId };
  }
  const byId = new Map(people.map((p) => [p.id, p]));
  // Each request counts with the schedules it was charged with (decision 0083): one more statement,
  // only in a company that keeps schedules.
  const charged = chargedSources(schedules, await readChargedSchedulesOf(getDb(), schedules, viewer.companyId, vacations));
  for (const vacation of vacations) {
    const person = byId.get(vacation.userId);
    try {
      const calendar = person ? holidays.calendarFor(person) : null;
      workingDays[vacation.id] = calendar ? vacationWorkingDays(vacation, calendar, charged.countDaysOf(vacation)) : null;
      const unit = units.get(vacation.categoryId) ?? "day";
      if (unit === "hour") hours[vacation.id] = calendar ? chargedHours(vacation, calendar, charged.schedulesOf(vacation)) : null;
      // Admins see what the request would cost with today's schedules when that differs.
      const change = calendar && isAdmin(viewer) ? chargeChangeOf(charged.comparisonOf(vacation, calendar, unit)) : undefined;
      if (change) chargeChanges[vacation.id] = change;
    } catch {
      // A stored row with malformed dates shows a dash rather than breaking the whole list.
      workingDays[vacation.id] = null;
    }
  }
  return { names, requesters, workingDays, hours, chargeChanges };
}
