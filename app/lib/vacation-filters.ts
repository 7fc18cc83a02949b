// The filters of a vacation list, read one way from a query string by the Absences page, its CSV
// link and the /api vacation lists. Each filter is read from the first of its names present: the
// page's short names first (what its GET form writes), then the API's names of spec section 7.
import { isIsoDate } from "./dates";
import { isDateInWindow } from "./input-limits";
import { isVacationStatus, type VacationStatus } from "./statuses";

export interface VacationFilters {
  userId?: string;
  status?: VacationStatus;
  categoryId?: string;
  dateFrom?: string;
  dateTo?: string;
  /** A team's id, or NO_TEAM_FILTER for people in no team (the reports' vacations). */
  teamId?: string;
}

export const NO_TEAM_FILTER = "none";

type FilterKey = keyof VacationFilters;

const NAMES: Record<FilterKey, readonly string[]> = {
  categoryId: ["type", "absence_category_id", "category"],
  dateFrom: ["from", "date_from"],
  dateTo: ["to", "date_to"],
  status: ["status"],
  userId: ["user_id"],
  teamId: ["team", "team_id"],
};

/** The names each filter is read under (the API document lists them). */
export { NAMES as VACATION_FILTER_NAMES };

const dateProblem = (value: string) => (!isIsoDate(value) ? "validation.dateInvalid" : isDateInWindow(value) ? null : "validation.dateOutOfWindow");

/** What is wrong with a value given for a filter (a locale key), or null when it is fine. */
const PROBLEM: Record<FilterKey, (value: string) => string | null> = {
  categoryId: (value) => (value.length <= 64 ? null : "query.categoryInvalid"),
  dateFrom: dateProblem,
  dateTo: dateProblem,
  status: (value) => (isVacationStatus(value) ? null : "query.statusInvalid"),
  userId: (value) => (value.length <= 64 ? null : "query.userInvalid"),
  teamId: (value) => (value.length <= 64 ? null : "query.teamInvalid"),
};

export interface ReadFilters {
  filters: VacationFilters;
  /** Query name → locale key, for each filter given with a value it cannot have. */
  invalid: Record<string, string>;
}

/**
 * Reads the filters; `me` stands for the caller in user_id. Screens ignore `invalid` (a wrong
 * filter is simply not applied); the API answers 400 with it.
 */
export function readVacationFilters(params: URLSearchParams, callerId?: string): ReadFilters {
  const filters: VacationFilters = {};
  const invalid: Record<string, string> = {};
  for (const key of Object.keys(NAMES) as FilterKey[]) {
    const name = NAMES[key].find((candidate) => params.get(candidate)?.trim());
    if (!name) continue;
    let value = params.get(name)!.trim();
    if (key === "userId" && value === "me" && callerId) value = callerId;
    const problem = PROBLEM[key](value);
    if (problem) invalid[name] = problem;
    else (filters as Record<FilterKey, string>)[key] = value;
  }
  return { filters, invalid };
}

/** The query of the Absences page (and its CSV link) for some filters, under the page's names. */
export function vacationFilterQuery(filters: VacationFilters): URLSearchParams {
  const query = new URLSearchParams();
  for (const key of ["categoryId", "dateFrom", "dateTo", "status", "userId", "teamId"] as const) {
    const value = filters[key];
    if (value) query.set(NAMES[key][0], value);
  }
  return query;
}
