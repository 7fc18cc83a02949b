// Bodies of PUT /api/users/{id}/work-schedules and PUT /api/companies/me/work-schedules: a whole
// list of effective-dated schedules (decision 0077), snake_case like the rest of the API. Classic
// zod at the API boundary (parseBody takes classic schemas); the shape is checked here (400 per
// field), the list as a whole by workScheduleListProblems in the model, which screens share.
import { z } from "zod";
import { isIsoDate } from "~/lib/dates";
import { isDateInWindow } from "~/lib/input-limits";
import { DATE_WINDOW_PATTERN, DATE_WINDOW_WORDS } from "~/lib/openapi/operation";
import { MAX_SCHEDULED_HOURS } from "~/lib/work-schedule";

/** Rows one list may hold: years of changes, and a bound on what one request makes the server read. */
export const MAX_WORK_SCHEDULES = 100;

const problem = (code: string) => `workSchedules.errors.${code}`;
const cycle = (key: string) => z.number({ error: key }).int(key).min(1, key).max(2, key);

export const apiWorkScheduleDaySchema = z.object({
  weekday: z.number({ error: problem("weekday") }).int(problem("weekday")).min(1, problem("weekday")).max(7, problem("weekday")).describe("1 = Monday … 7 = Sunday (ISO 8601)"),
  week: cycle(problem("week")).optional().describe("Week of a two-week cycle: 1 is the week (Monday to Sunday) valid_from falls in; 1 when missing"),
  hours: z
    .number({ error: problem("hours") })
    .min(0, problem("hours"))
    .max(MAX_SCHEDULED_HOURS, problem("hours"))
    .describe("Wall-clock hours worked that day, in whole minutes (7.5 is 7 h 30, 7.6 is 7 h 36); 0 or a day left out is not worked"),
});

export const apiWorkScheduleInputSchema = z.object({
  valid_from: z
    .string({ error: problem("valid_from") })
    .refine(isIsoDate, problem("valid_from"))
    .refine((value) => !isIsoDate(value) || isDateInWindow(value), "validation.dateOutOfWindow")
    .meta({ format: "date", pattern: DATE_WINDOW_PATTERN, description: `In force from this day until the next schedule's; ${DATE_WINDOW_WORDS}` }),
  cycle_weeks: cycle(problem("cycle_weeks")).describe("1: the days repeat every week; 2: every two weeks"),
  days: z.array(apiWorkScheduleDaySchema, { error: problem("days") }).max(14, problem("days")).describe("The days worked; the others are not"),
});

export const apiWorkScheduleListInputSchema = z
  .array(apiWorkScheduleInputSchema, { error: problem("list") })
  .max(MAX_WORK_SCHEDULES, problem("tooMany"))
  .describe("The whole list, replacing the one stored; rows before today must be sent back unchanged");
