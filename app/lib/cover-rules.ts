// Minimum cover per team (issue 41, decision 0091): one pure check of a request's days against its
// team's rule, so creating a request and approving one read the same answer. Client-safe.
import type { IsoDate } from "~/lib/dates";
import { asRuleMode, type RuleFinding, type RuleMode } from "~/lib/leave-rules";

/** A team's rule as stored on TeamCover and TeamCoverKey; a null limit is no such rule. */
export interface CoverRule {
  teamName: string;
  maxAbsent: number | null;
  minPresent: number | null;
  keyMemberIds: readonly string[];
  mode: string;
}

/** One day of the request: who of the team works then, and who of them is already off. */
export interface CoverDay {
  date: IsoDate;
  working: ReadonlySet<string>;
  absent: ReadonlySet<string>;
}

export interface CoverCheck {
  mode: RuleMode;
  findings: RuleFinding[];
}

/** The days a message names at most: a month-long request still reads as one sentence. */
export const MAX_NAMED_DAYS = 5;

/**
 * The rules the request of `requesterId` breaks on its days, each finding naming the days and who
 * else is off then (names only). A day the requester does not work takes nobody away, so it is skipped.
 */
export function checkCover(rule: CoverRule, requesterId: string, days: readonly CoverDay[], nameOf: (userId: string) => string): CoverCheck {
  const broken = { maxAbsent: [] as CoverDay[], minPresent: [] as CoverDay[], keyGroup: [] as CoverDay[] };
  const keys = new Set(rule.keyMemberIds);
  for (const day of days) {
    if (!day.working.has(requesterId)) continue;
    const off = new Set(day.absent);
    off.add(requesterId);
    if (rule.maxAbsent !== null && off.size > rule.maxAbsent) broken.maxAbsent.push(day);
    if (rule.minPresent !== null && day.working.size - off.size < rule.minPresent) broken.minPresent.push(day);
    if (keys.has(requesterId) && ![...keys].some((id) => day.working.has(id) && !off.has(id))) broken.keyGroup.push(day);
  }
  const findings: RuleFinding[] = [];
  // Dates stay ISO in the stored finding; the message formats them in the reader's language (offDays).
  const describe = (list: CoverDay[]) =>
    JSON.stringify({
      days: list.slice(0, MAX_NAMED_DAYS).map((day) => [day.date, [...day.absent].filter((id) => id !== requesterId).map(nameOf).sort()]),
      more: Math.max(list.length - MAX_NAMED_DAYS, 0),
    });
  if (broken.maxAbsent.length > 0) findings.push({ key: "cover.findings.maxAbsent", params: { team: rule.teamName, limit: String(rule.maxAbsent), days: describe(broken.maxAbsent) } });
  if (broken.minPresent.length > 0) findings.push({ key: "cover.findings.minPresent", params: { team: rule.teamName, limit: String(rule.minPresent), days: describe(broken.minPresent) } });
  if (broken.keyGroup.length > 0) findings.push({ key: "cover.findings.keyGroup", params: { team: rule.teamName, days: describe(broken.keyGroup) } });
  return { mode: asRuleMode(rule.mode), findings };
}

/** The `days` parameter of a finding, back as dates and names (an unreadable one as none). */
export function readOffDays(value: unknown): { days: [IsoDate, string[]][]; more: number } {
  const none = { days: [], more: 0 };
  if (typeof value !== "string") return none;
  try {
    const parsed = JSON.parse(value) as { days?: unknown; more?: unknown };
    if (!Array.isArray(parsed?.days)) return none;
    const days = parsed.days.filter((item): item is [IsoDate, string[]] => Array.isArray(item) && typeof item[0] === "string" && Array.isArray(item[1]));
    return { days, more: typeof parsed.more === "number" ? parsed.more : 0 };
  } catch {
    return none;
  }
}
