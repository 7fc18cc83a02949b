// Leave-type rules and blackout dates (issue 41, decision 0087): one pure check that every path
// creating a request goes through (createVacation), so the drawer, the forms, the company
// calendar and the API refuse or warn alike. Client-safe: the absence-types screen shares the modes.
import { dayNumber, type IsoDate } from "~/lib/dates";

export const RULE_MODES = ["warn", "block"] as const;

/** Every finding's locale key starts so; the API names a rule by the rest (minNotice). */
export const RULE_FINDING_PREFIX = "leaveRules.findings.";
export type RuleMode = (typeof RULE_MODES)[number];

/** A stored mode as the rules read it: anything but "warn" blocks, so a bad value never lets a request slip. */
export function asRuleMode(value: string | null | undefined): RuleMode {
  return value === "warn" ? "warn" : "block";
}

/** A category's rules as stored on AbsenceCategory; a null limit is no rule. */
export interface CategoryRules {
  minNoticeDays: number | null;
  minNoticeMode: string;
  maxConsecutiveDays: number | null;
  maxConsecutiveMode: string;
  minRequestDays: number | null;
  minRequestMode: string;
}

/** A locked range that applies to the person and the request's type, with its mode for that type. */
export interface ApplicableBlackout {
  startDate: IsoDate;
  endDate: IsoDate;
  reason: string;
  mode: RuleMode;
}

/** A broken rule as the screens and the API tell it: a locale key and the values it names. */
export interface RuleFinding {
  key: string;
  params: Record<string, string>;
}

export interface RuleCheckInput {
  request: { startDate: IsoDate; endDate: IsoDate };
  rules: CategoryRules;
  blackouts: readonly ApplicableBlackout[];
  /** Today in the company's time zone: notice counts calendar days from it. */
  today: IsoDate;
  /** The request's working days on the person's schedule (halves as 0.5). */
  workingDays: number;
  /** Types counted in hours have no "shortest request" in days (decision 0087). */
  unit: "day" | "hour";
}

export interface RuleCheck {
  blocks: RuleFinding[];
  warnings: RuleFinding[];
}

export function checkLeaveRules({ request, rules, blackouts, today, workingDays, unit }: RuleCheckInput): RuleCheck {
  const result: RuleCheck = { blocks: [], warnings: [] };
  const add = (mode: RuleMode, finding: RuleFinding) => (mode === "block" ? result.blocks : result.warnings).push(finding);
  if (rules.minNoticeDays !== null) {
    const notice = dayNumber(request.startDate) - dayNumber(today);
    if (notice < rules.minNoticeDays) add(asRuleMode(rules.minNoticeMode), { key: "leaveRules.findings.minNotice", params: { days: String(rules.minNoticeDays), startDate: request.startDate } });
  }
  if (rules.maxConsecutiveDays !== null && workingDays > rules.maxConsecutiveDays) {
    add(asRuleMode(rules.maxConsecutiveMode), { key: "leaveRules.findings.maxConsecutive", params: { days: String(rules.maxConsecutiveDays), requested: String(workingDays) } });
  }
  if (unit === "day" && rules.minRequestDays !== null && workingDays < rules.minRequestDays) {
    add(asRuleMode(rules.minRequestMode), { key: "leaveRules.findings.minRequest", params: { days: String(rules.minRequestDays), requested: String(workingDays) } });
  }
  for (const blackout of blackouts) {
    if (blackout.startDate > request.endDate || blackout.endDate < request.startDate) continue;
    add(blackout.mode, { key: "leaveRules.findings.blackout", params: { startDate: blackout.startDate, endDate: blackout.endDate, reason: blackout.reason } });
  }
  return result;
}
