// The numbers behind the reports' two pictures (docs/decisions/0024-reports-and-csv.md), apart
// from their drawing so they are tested as numbers:
// - days off per month of a (leave) year, by team, its twelve months from the company's start month: working days of approved vacations (any absence category: a sick
//   day is a day off too), each vacation split over the months it touches;
// - the people with the most days left: what they can still take this year (yearly + residual +
//   special leave remaining), the pile-up an admin must see coming before the year ends.
import type { BalanceKind, Balances } from "./balance-kinds";
import { isoDate, type IsoDate } from "./dates";
import { leaveYearLabel } from "./leave-year";
import { vacationDayCounter, workingDaysBetween, type BalanceVacationFields, type WorkingDayCounter } from "./balances";
import type { VacationRange, HolidayCalendar } from "./working-days";

/** More teams than this and the smallest are drawn together as "other teams". */
export const MAX_TEAM_SERIES = 6;
/** How many people the days-left picture shows. */
export const DAYS_LEFT_PEOPLE = 10;

export const NO_TEAM = "none";
export const OTHER_TEAMS = "other";

export interface ChartPerson {
  id: string;
  name: string;
  teamId: string | null;
}

export interface ChartVacation extends VacationRange, Pick<BalanceVacationFields, "chargedWith"> {
  status: string;
}

export interface TeamSeries {
  /** A team id, NO_TEAM or OTHER_TEAMS. */
  key: string;
  /** The team's name; empty for NO_TEAM and OTHER_TEAMS (the screen names them). */
  name: string;
  /** Working days off in each month, the leave year's first month first. */
  months: number[];
  total: number;
}

export interface MonthlyDaysOff {
  /** The calendar year the leave year starts in. */
  year: number;
  /** "2026", or "2026/27" when the leave year starts after January. */
  label: string;
  /** The first day of each month shown, in order: April 2026 … March 2027 for an April leave year. */
  months: IsoDate[];
  series: TeamSeries[];
  /** All series together, per month. */
  monthTotals: number[];
  total: number;
}

/** The first and last day of the twelve months of the leave year (isoDate rolls months past 12 into the next year). */
function monthBounds(year: number, startMonth: number): [IsoDate, IsoDate][] {
  return Array.from({ length: 12 }, (_, index) => [isoDate(year, startMonth + index, 1), isoDate(year, startMonth + index + 1, 0)]);
}

const round = (days: number) => Math.round(days * 10) / 10;

/**
 * Working days off per month and team, tallied a group of people at a time (the year report reads
 * its people in reads, decision 0102). Teams keep the order of their total (largest first), the
 * people without a team last; beyond MAX_TEAM_SERIES the smallest teams share one series.
 */
export function daysOffTally(
  year: number,
  teamNames: ReadonlyMap<string, string>,
  /** The month the company's leave year starts in (decision 0080). */
  startMonth = 1,
) {
  const months = monthBounds(year, startMonth);
  const byTeam = new Map<string, number[]>();
  return {
    add(
      people: readonly ChartPerson[],
      vacationsOf: (personId: string) => readonly ChartVacation[],
      calendarOf: (personId: string) => HolidayCalendar,
      /** Each person's counter of working days (their schedule), as their balances count; none: Monday–Friday. */
      countDaysOf: (personId: string) => WorkingDayCounter | undefined = () => undefined,
    ) {
      for (const person of people) {
        const vacations = vacationsOf(person.id);
        if (!vacations.length) continue;
        const key = person.teamId && teamNames.has(person.teamId) ? person.teamId : NO_TEAM;
        let row = byTeam.get(key);
        // Once a person, not once a vacation: most people have a dozen.
        const calendar = calendarOf(person.id);
        const countDays = countDaysOf(person.id);
        for (const vacation of vacations) {
          if (vacation.status !== "approved" || vacation.endDate < months[0][0] || vacation.startDate > months[11][1]) continue;
          for (let month = 0; month < 12; month++) {
            const [first, last] = months[month];
            if (vacation.endDate < first || vacation.startDate > last) continue;
            row ??= byTeam.set(key, new Array<number>(12).fill(0)).get(key)!;
            // An approved request keeps the charge it was made with (decision 0083).
            row[month] += workingDaysBetween(vacation, first, last, calendar, vacationDayCounter(vacation, countDays));
          }
        }
      }
    },
    /** The pictures' numbers of everyone added so far, rounded to a tenth. */
    result(): MonthlyDaysOff {
      const teams = [...byTeam.entries()]
        .filter(([key]) => key !== NO_TEAM)
        .map(([key, values]) => ({ key, name: teamNames.get(key) ?? "", months: values.map(round), total: round(values.reduce((a, b) => a + b, 0)) }))
        .sort((a, b) => b.total - a.total || a.name.localeCompare(b.name));
      const series: TeamSeries[] = teams.slice(0, teams.length > MAX_TEAM_SERIES ? MAX_TEAM_SERIES - 1 : MAX_TEAM_SERIES);
      const rest = teams.slice(series.length);
      if (rest.length) {
        const sum = Array.from({ length: 12 }, (_, month) => round(rest.reduce((total, team) => total + team.months[month], 0)));
        series.push({ key: OTHER_TEAMS, name: "", months: sum, total: round(sum.reduce((a, b) => a + b, 0)) });
      }
      const loose = byTeam.get(NO_TEAM);
      if (loose) series.push({ key: NO_TEAM, name: "", months: loose.map(round), total: round(loose.reduce((a, b) => a + b, 0)) });
      const monthTotals = Array.from({ length: 12 }, (_, month) => round(series.reduce((total, s) => total + s.months[month], 0)));
      return { year, label: leaveYearLabel(year, startMonth), months: months.map(([first]) => first), series, monthTotals, total: round(monthTotals.reduce((a, b) => a + b, 0)) };
    },
  };
}

export type DaysOffTally = ReturnType<typeof daysOffTally>;

export interface DaysLeft {
  id: string;
  name: string;
  teamId: string | null;
  /** Remaining of each balance, never below 0 (an overdrawn balance leaves nothing to take). */
  left: Record<BalanceKind, number>;
  total: number;
}

/** The people with the most days still to take, most first (ties by name); nobody with none left. */
export function mostDaysLeft(rows: readonly { person: ChartPerson; balances: Balances }[], limit = DAYS_LEFT_PEOPLE): DaysLeft[] {
  return rows
    .map(({ person, balances }) => {
      const left = {
        yearly: Math.max(0, balances.yearly.remaining),
        residual: Math.max(0, balances.residual.remaining),
        special: Math.max(0, balances.special.remaining),
      };
      return { id: person.id, name: person.name, teamId: person.teamId, left, total: round(left.yearly + left.residual + left.special) };
    })
    .filter((row) => row.total > 0)
    .sort((a, b) => b.total - a.total || a.name.localeCompare(b.name))
    .slice(0, limit);
}

/**
 * Round steps for an axis from 0 to at least `max`: 1, 2 or 5 times a power of ten, about `count`
 * of them, so gridlines fall on numbers people read at a glance.
 */
export function axisTicks(max: number, count = 4): number[] {
  if (!(max > 0)) return [0, 1];
  const rough = max / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((candidate) => candidate >= rough)!;
  const ticks: number[] = [];
  for (let value = 0; value < max + step; value += step) ticks.push(Math.round(value * 1e6) / 1e6);
  return ticks;
}
