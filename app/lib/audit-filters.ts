// The audit's filters, read one way from a query string by the audit screen (its GET form and CSV
// link) and by /api/audit/search and /api/audit/export: the screen's short names first, then the
// API's names of spec section 7. The screen leaves a wrong value out (and says so by the field);
// the API answers 400.
import { AUDIT_ACTION_FILTER } from "./audit-actions";
import { isIsoDate, type IsoDate } from "./dates";
import { isDateInWindow } from "./input-limits";

export interface AuditFilters {
  /** A company id, or "all" (the master's every company); absent: the viewer's default scope. */
  companyId?: string;
  /** An action, or "<entity>.*". */
  action?: string;
  /** The actor: a person's id, or "system" for entries no person made (jobs, failed sign-ins). */
  userId?: string;
  dateFrom?: IsoDate;
  dateTo?: IsoDate;
}

/** The audit API's largest page. */
export const MAX_AUDIT_PAGE = 100;

export const ALL_COMPANIES = "all";
export const SYSTEM_ACTOR = "system";

type FilterKey = keyof AuditFilters;

const NAMES: Record<FilterKey, readonly string[]> = {
  companyId: ["company", "company_id"],
  action: ["action"],
  userId: ["user", "user_id"],
  dateFrom: ["from", "date_from"],
  dateTo: ["to", "date_to"],
};

/** The names each filter is read under (the API document lists them). */
export { NAMES as AUDIT_FILTER_NAMES };

const dateProblem = (value: string) => (!isIsoDate(value) ? "validation.dateInvalid" : isDateInWindow(value) ? null : "validation.dateOutOfWindow");
const idProblem = (key: string) => (value: string) => (value.length <= 64 && /^[\w-]+$/.test(value) ? null : key);

const PROBLEM: Record<FilterKey, (value: string) => string | null> = {
  companyId: idProblem("audit.filters.companyInvalid"),
  action: (value) => (AUDIT_ACTION_FILTER.test(value) ? null : "audit.filters.actionInvalid"),
  userId: idProblem("query.userInvalid"),
  dateFrom: dateProblem,
  dateTo: dateProblem,
};

export interface ReadAuditFilters {
  filters: AuditFilters;
  /** Query name → locale key, for each filter given with a value it cannot have. */
  invalid: Record<string, string>;
}

export function readAuditFilters(params: URLSearchParams): ReadAuditFilters {
  const filters: AuditFilters = {};
  const invalid: Record<string, string> = {};
  const names: Partial<Record<FilterKey, string>> = {};
  for (const key of Object.keys(NAMES) as FilterKey[]) {
    const name = NAMES[key].find((candidate) => params.get(candidate)?.trim());
    if (!name) continue;
    names[key] = name;
    const value = params.get(name)!.trim();
    const problem = PROBLEM[key](value);
    if (problem) invalid[name] = problem;
    else filters[key] = value;
  }
  if (filters.dateFrom && filters.dateTo && filters.dateFrom > filters.dateTo) {
    invalid[names.dateTo!] = "vacation.startAfterEnd";
    delete filters.dateTo;
  }
  return { filters, invalid };
}

/** The screen's query (and its CSV link's) for some filters, under the screen's names. */
export function auditFilterQuery(filters: AuditFilters): URLSearchParams {
  const query = new URLSearchParams();
  for (const key of Object.keys(NAMES) as FilterKey[]) {
    const value = filters[key];
    if (value) query.set(NAMES[key][0], value);
  }
  return query;
}
