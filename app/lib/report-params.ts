// What the reports screen reads from its address (shared with its CSV links): the year with the
// spec's bounds, the team, the column the year table is sorted by, and the table's page.
import { NO_TEAM_FILTER } from "./vacation-filters";

/** Spec section 5: the reports' year runs from 2000 to next year. */
export const FIRST_REPORT_YEAR = 2000;

export function lastReportYear(currentYear: number): number {
  return currentYear + 1;
}

/** The year asked for: absent means this year; anything else must be a whole year in the bounds. */
export function readReportYear(value: string | null, currentYear: number): { year: number; error: string | null } {
  const text = value?.trim() ?? "";
  if (text === "") return { year: currentYear, error: null };
  const year = Number(text);
  if (!/^\d{4}$/.test(text) || year < FIRST_REPORT_YEAR || year > lastReportYear(currentYear)) return { year: currentYear, error: "reports.year.outOfRange" };
  return { year, error: null };
}

export const REPORT_SORT_KEYS = [
  "name",
  "team",
  "yearlyTotal",
  "yearlyUsed",
  "yearlyRemaining",
  "residualTotal",
  "residualUsed",
  "residualRemaining",
  "specialTotal",
  "specialUsed",
  "specialRemaining",
] as const;
export type ReportSortKey = (typeof REPORT_SORT_KEYS)[number];
export type SortDirection = "asc" | "desc";

/** Names read best A to Z; figures most first (who has the most left is the question). */
export function defaultDirection(key: ReportSortKey): SortDirection {
  return key === "name" || key === "team" ? "asc" : "desc";
}

export function readReportSort(params: URLSearchParams): { sort: ReportSortKey; direction: SortDirection } {
  const asked = params.get("sort");
  const sort = (REPORT_SORT_KEYS as readonly string[]).includes(asked ?? "") ? (asked as ReportSortKey) : "name";
  const dir = params.get("dir");
  return { sort, direction: dir === "asc" || dir === "desc" ? dir : defaultDirection(sort) };
}

/** The team filter: a team id, NO_TEAM_FILTER, or nothing (everyone). */
export function readReportTeam(params: URLSearchParams): string | undefined {
  const team = params.get("team")?.trim();
  return team && team.length <= 64 ? team : undefined;
}

export { NO_TEAM_FILTER };

export const REPORT_PAGE_SIZES = [25, 50, 100, 250] as const;
export const DEFAULT_REPORT_PAGE_SIZE = 50;

/** ?page and ?size of a report table; anything odd is the first page of 50. */
export function readReportPaging(params: URLSearchParams) {
  const size = Number(params.get("size"));
  const limit = (REPORT_PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_REPORT_PAGE_SIZE;
  const page = Math.min(Math.max(Math.trunc(Number(params.get("page"))) || 1, 1), 100_000);
  return { limit, offset: (page - 1) * limit };
}
