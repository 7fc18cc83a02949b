// "Who is off": the company's month, one row per person, in a fixed number of queries whatever the
// number of people or vacations (tests/integration/query-counts.test.ts holds it to that).
import { withReviewRouting } from "~/models/approval.server";
import { ALL_TEAMS } from "~/lib/constants";
import { addDays, dayOfWeek, eachDay, yearOf, type IsoDate } from "~/lib/dates";
import { holidaysInYear } from "~/lib/holiday-dates";
import { holidaysInLanguage } from "~/models/holiday-catalogue.server";
import { firstDayOfMonth, lastDayOfMonth, type IsoMonth } from "~/lib/month-param";
import { compareNames, displayName } from "~/lib/people";
import { matchesSearch } from "~/lib/text-search";
import { unscheduledWeekdays, type ScheduleTimeline } from "~/lib/work-schedule";
import { normalizeCode } from "~/lib/working-days";
import { getDb } from "~/utils/db.server";
import { canCancel, canNotifyReviewers, seesVacationDetailsOf, type Viewer } from "~/utils/permissions.server";
import { balancePeopleWhere, companyRefOf, loadHolidayCalendars, readBalancePeople } from "./balance.server";
import { holdingDates, overlapping, readVacations } from "./vacation-list.server";
import { listCategories } from "./calendar.server";
import { listTeams } from "./team.server";
import { loadScheduleTimelines } from "./work-schedule.server";

/**
 * People per page (decision 0068): two screens of rows, with the team filter and the search to
 * narrow them. A page of 200 made the month 330 kB of HTML and a fifth of a second to render.
 */
export const CALENDAR_PAGE_SIZE = 50;

export interface CompanyMonthQuery {
  month: IsoMonth;
  /**
   * A team's people; ALL_TEAMS for everyone; null for the default: the viewer's own team when the
   * company has more people than a page, else everyone (decision 0102). Unknown ids show everyone.
   */
  teamId: string | null;
  search: string;
  offset: number;
  today: IsoDate;
  /** The reader's language, for official holidays' names (the stored names without it). */
  language?: string;
}

export interface CalendarBar {
  id: string;
  userId: string;
  startDate: IsoDate;
  endDate: IsoDate;
  status: string;
  halfDayStart: boolean;
  halfDayEnd: boolean;
  /**
   * The reason (description, absence category), only for viewers who may see it (seesVacationDetailsOf);
   * everyone else is sent nothing but "absent", so the reason never reaches their browser.
   */
  details: { description: string; categoryId: string; categoryName: string } | null;
  canCancel: boolean;
  canNotify: boolean;
}

export interface CalendarPerson {
  id: string;
  name: string;
  isViewer: boolean;
  /** Holidays of this person's work country and region in the month, by date. */
  holidays: Record<IsoDate, string>;
  bars: CalendarBar[];
  /**
   * Monday-to-Friday dates of the month this person's work schedule has no hours on (a four-day
   * week's Fridays), shaded on their row; absent when none. Weekends are shaded by their column.
   */
  offDays?: IsoDate[];
}

/** Monday to Sunday around `date` (weeks start on Monday). */
export function weekAround(date: IsoDate): { start: IsoDate; end: IsoDate } {
  const start = addDays(date, -((dayOfWeek(date) + 6) % 7));
  return { start, end: addDays(start, 6) };
}

/** What a month's bars show of a vacation. */
const monthVacationColumns = { id: true, userId: true, startDate: true, endDate: true, halfDayStart: true, halfDayEnd: true, status: true, description: true, categoryId: true } as const;

export async function getCompanyMonth(viewer: Viewer, query: CompanyMonthQuery) {
  const { companyId } = viewer;
  const db = getDb();
  const monthStart = firstDayOfMonth(query.month);
  const monthEnd = lastDayOfMonth(query.month);
  const week = weekAround(query.today);
  // People who left during or after this month still have their vacations of it shown.
  const stillThere = { deactivated: { since: new Date(`${monthStart}T00:00:00Z`) } } as const;
  // The team shown decides what is read (decision 0102): a team's month reads its ~50 people and
  // their vacations, not a 2,000-person company's. The default needs the company's head count.
  // The review routing decides the bars' buttons (canCancel).
  const [teams, headCount, routed] = await Promise.all([listTeams(viewer), db.user.count({ where: balancePeopleWhere(companyId, stillThere.deactivated) }), withReviewRouting(viewer)]);
  const teamId = filteredTeam(viewer, query.teamId, teams, headCount);
  const [candidates, holidays, vacations, categories, schedules] = await Promise.all([
    readBalancePeople(db, companyId, { ...stillThere, ...(teamId ? { teamId } : {}) }),
    // Only the month's holidays are shown (working days are not counted here).
    loadHolidayCalendars(db, companyRefOf(viewer), { startDate: monthStart, endDate: monthEnd }),
    readVacations(
      monthVacationColumns,
      { companyId, ...holdingDates, OR: [overlapping(monthStart, monthEnd), overlapping(week.start, week.end)], ...(teamId ? { user: { teamId } } : {}) },
      { order: "oldest" },
    ),
    // The company's few absence categories, named by id: the vacations' own relation read them by
    // (company, category) pair, a statement with two parameters per vacation of the month.
    listCategories(viewer, { activeOnly: false }),
    // Everyone's rows in the same round trip as the people: the page's people are known only after
    // sorting them, and the rows are few (people with a schedule of their own, and the default's).
    loadScheduleTimelines(db, companyId),
  ]);
  const categoryNames = new Map(categories.map((category) => [category.id, category.name]));

  const firstTeams = new Set(viewer.adminOfTeamIds.length ? viewer.adminOfTeamIds : viewer.teamId ? [viewer.teamId] : []);
  // You first, then the teams you look after (or your own), then everyone else, by name.
  const rank = (person: { id: string; teamId: string | null }) => (person.id === viewer.userId ? 0 : person.teamId && firstTeams.has(person.teamId) ? 1 : 2);
  const matching = candidates
    .filter((person) => matchesSearch(person, query.search))
    // Each person's rank and name worked out once, not in each of the sort's ~1,500 comparisons,
    // and kept beside the person rather than spread with it into a new object (~2 µs a person).
    .map((person) => ({ person, displayName: displayName(person), rank: rank(person) }))
    .sort((a, b) => a.rank - b.rank || compareNames(a.displayName, b.displayName) || a.person.email.localeCompare(b.person.email));
  const page = matching.slice(query.offset, query.offset + CALENDAR_PAGE_SIZE);

  const byPerson = new Map<string, typeof vacations>();
  for (const vacation of vacations) {
    const list = byPerson.get(vacation.userId);
    if (list) list.push(vacation);
    else byPerson.set(vacation.userId, [vacation]);
  }

  // Holidays differ only by country and region: named once per pair, not once per person.
  const year = yearOf(monthStart);
  const holidayRows = query.language ? await holidaysInLanguage(holidays.holidayRows, query.language) : holidays.holidayRows;
  const holidaysByPlace = new Map<string, Record<IsoDate, string>>();
  const holidaysOf = (person: { countryCode: string | null; region: string | null }) => {
    const key = `${normalizeCode(person.countryCode) ?? ""}/${normalizeCode(person.region) ?? ""}`;
    let found = holidaysByPlace.get(key);
    if (!found) {
      found = {};
      for (const holiday of holidaysInYear(holidayRows, person, holidays.companyCountryCode, year)) {
        if (holiday.date >= monthStart && holiday.date <= monthEnd) found[holiday.date] = holiday.name;
      }
      holidaysByPlace.set(key, found);
    }
    return found;
  };

  // People on the same timeline (most follow the company default) share one list.
  const offDaysByTimeline = new Map<ScheduleTimeline, IsoDate[]>();
  const offDaysOf = (personId: string): IsoDate[] | undefined => {
    if (!schedules.any) return undefined;
    const timeline = schedules.timelineOf(personId);
    let off = offDaysByTimeline.get(timeline);
    if (!off) offDaysByTimeline.set(timeline, (off = unscheduledWeekdays(timeline, monthStart, monthEnd)));
    return off.length ? off : undefined;
  };

  const toBar = (vacation: (typeof vacations)[number], person: { id: string; role: string; teamId: string | null }): CalendarBar => {
    const requester = { id: person.id, role: person.role, teamId: person.teamId };
    return {
      id: vacation.id,
      userId: vacation.userId,
      startDate: vacation.startDate,
      endDate: vacation.endDate,
      status: vacation.status,
      halfDayStart: vacation.halfDayStart,
      halfDayEnd: vacation.halfDayEnd,
      details: seesVacationDetailsOf(viewer, person)
        ? { description: vacation.description, categoryId: vacation.categoryId, categoryName: categoryNames.get(vacation.categoryId) ?? "" }
        : null,
      canCancel: canCancel(routed, vacation, requester, query.today),
      canNotify: canNotifyReviewers(routed, vacation, requester),
    };
  };

  const people: CalendarPerson[] = page.map(({ person, displayName: name }) => ({
    id: person.id,
    name,
    isViewer: person.id === viewer.userId,
    holidays: holidaysOf(person),
    bars: (byPerson.get(person.id) ?? []).filter((v) => v.endDate >= monthStart && v.startDate <= monthEnd).map((v) => toBar(v, person)),
    ...withOffDays(offDaysOf(person.id)),
  }));

  // "Who is off": today and this week, for everyone the filter matches (not just this page).
  const offIn = (from: IsoDate, to: IsoDate) =>
    matching.flatMap(({ person, displayName: name }) =>
      (byPerson.get(person.id) ?? [])
        .filter((v) => v.startDate <= to && v.endDate >= from)
        .map((v) => ({ personId: person.id, name, ...toBar(v, person) })),
    );

  return {
    month: query.month,
    days: [...eachDay(monthStart, monthEnd)],
    companyHolidays: holidaysOf({ countryCode: null, region: null }),
    teams,
    teamId,
    /** What the team filter shows: a team's id, or ALL_TEAMS. */
    teamChoice: teamId ?? ALL_TEAMS,
    people,
    total: matching.length,
    offset: query.offset,
    limit: CALENDAR_PAGE_SIZE,
    summary: {
      today: offIn(query.today, query.today),
      week: { start: week.start, end: week.end, vacations: offIn(week.start, week.end) },
    },
  };
}

export type CompanyMonth = Awaited<ReturnType<typeof getCompanyMonth>>;

/**
 * The team whose people the month shows, null for everyone. Without a choice, a company larger than
 * a page opens on the viewer's own team (2,000 people are 40 pages of rows); a smaller one, or a
 * viewer without a team, sees everyone.
 */
function filteredTeam(viewer: Viewer, choice: string | null, teams: { id: string }[], people: number): string | null {
  if (choice === ALL_TEAMS) return null;
  if (choice) return teams.some((team) => team.id === choice) ? choice : null;
  return viewer.teamId && people > CALENDAR_PAGE_SIZE && teams.some((team) => team.id === viewer.teamId) ? viewer.teamId : null;
}

/** The offDays key only when there are some: most people's rows carry nothing more. */
function withOffDays(offDays: IsoDate[] | undefined): { offDays?: IsoDate[] } {
  return offDays ? { offDays } : {};
}
