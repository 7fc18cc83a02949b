// Client-safe schemas of the work schedule editor (a person's schedule, the company default, bulk)
// and of a person's employment dates. Messages are locale keys; zod/mini, like every schema the
// browser runs. The editor is a grid of fixed fields (`worked_<week>_<weekday>`, `hours_<week>_<weekday>`),
// so it posts the same without JavaScript; the rules' own check (workScheduleProblems) runs on the
// result in the model, as for the API. Decision 0079.
import * as z from "zod/mini";
import { isIsoDate } from "~/lib/dates";
import { isDateInWindow } from "~/lib/input-limits";
import { MAX_SCHEDULED_HOURS, type CycleWeeks, type WorkSchedule } from "~/lib/work-schedule";

export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const workedField = (week: number, weekday: number) => `worked_${week}_${weekday}`;
export const hoursField = (week: number, weekday: number) => `hours_${week}_${weekday}`;

const dayFields = Object.fromEntries(
  [1, 2].flatMap((week) =>
    WEEKDAYS.flatMap((weekday) => [
      [workedField(week, weekday), z.optional(z.string())],
      [hoursField(week, weekday), z.optional(z.string().check(z.maxLength(10, "workSchedules.errors.hours")))],
    ]),
  ),
) as Record<string, z.ZodMiniOptional<z.ZodMiniString>>;

/** "7,5" (pt, es) and "7.5" both read as 7.5 hours; NaN when it is no number. */
export function readHours(value: string | undefined): number {
  const text = (value ?? "").trim();
  return /^\d{1,2}([.,]\d+)?$/.test(text) ? Number(text.replace(",", ".")) : Number.NaN;
}

const validHours = (hours: number) => hours > 0 && hours <= MAX_SCHEDULED_HOURS && Math.abs(hours * 60 - Math.round(hours * 60)) < 1e-9;

const editorShape = {
  validFrom: z.string({ error: "workSchedules.editor.validFromRequired" }).check(
    z.trim(),
    z.minLength(1, "workSchedules.editor.validFromRequired"),
    z.refine(isIsoDate, "validation.dateInvalid"),
    z.refine((value) => !isIsoDate(value) || isDateInWindow(value), "validation.dateOutOfWindow"),
  ),
  cycleWeeks: z.enum(["1", "2"], { error: "workSchedules.errors.cycle_weeks" }),
  ...dayFields,
};

type EditorValues = { validFrom: string; cycleWeeks: "1" | "2" } & Record<string, unknown>;

/** A ticked day needs its hours (more than 0, at most 24, whole minutes); an unticked day is not worked. */
function checkDays(value: EditorValues, ctx: { addIssue: (issue: { code: "custom"; path: string[]; message: string }) => void }) {
  const weeks = value.cycleWeeks === "2" ? [1, 2] : [1];
  for (const week of weeks) {
    for (const weekday of WEEKDAYS) {
      if (value[workedField(week, weekday)] !== "on") continue;
      if (!validHours(readHours(value[hoursField(week, weekday)] as string | undefined))) ctx.addIssue({ code: "custom", path: [hoursField(week, weekday)], message: "workSchedules.editor.hoursInvalid" });
    }
  }
}

/** The editor's values as the rules' schedule: the days ticked, with their hours. */
export function scheduleOfEditor(value: { validFrom: string; cycleWeeks: "1" | "2" }): WorkSchedule {
  const fields = value as EditorValues;
  const cycleWeeks = (value.cycleWeeks === "2" ? 2 : 1) as CycleWeeks;
  const weeks = cycleWeeks === 2 ? [1, 2] : [1];
  const days = weeks.flatMap((week) =>
    WEEKDAYS.filter((weekday) => fields[workedField(week, weekday)] === "on").map((weekday) => ({
      weekday,
      ...(cycleWeeks === 2 ? { week } : {}),
      hours: readHours(fields[hoursField(week, weekday)] as string | undefined),
    })),
  );
  return { validFrom: value.validFrom, cycleWeeks, days };
}

/** The editor's fields filled with a schedule: what a form shows before anything is typed. */
export function editorDefaults(schedule: WorkSchedule, validFrom: string): Record<string, string> {
  const values: Record<string, string> = { validFrom, cycleWeeks: String(schedule.cycleWeeks) };
  for (const week of [1, 2]) {
    for (const weekday of WEEKDAYS) {
      // Week 2 starts as a copy of week 1, so switching to two weeks only needs the differences.
      const day = schedule.days.find((d) => d.weekday === weekday && (schedule.cycleWeeks === 2 ? (d.week ?? 1) === week : true));
      if (day && day.hours > 0) values[workedField(week, weekday)] = "on";
      values[hoursField(week, weekday)] = day && day.hours > 0 ? String(day.hours) : "8";
    }
  }
  return values;
}

const personId = z.string({ error: "errors.userNotFound" }).check(z.minLength(1, "errors.userNotFound"), z.maxLength(100, "errors.userNotFound"));

/** A person's new schedule from a date (the person's edit view). */
export const personScheduleSchema = z.object({ userId: personId, ...editorShape }).check(z.superRefine((value, ctx) => checkDays(value as EditorValues, ctx)));

/** The company default's new schedule from a date. */
export const companyScheduleSchema = z.object(editorShape).check(z.superRefine((value, ctx) => checkDays(value as EditorValues, ctx)));

/** One schedule for the people ticked and (or) everyone in a team. */
export const bulkScheduleSchema = z
  .object({
    userIds: z.optional(
      z.pipe(
        z.transform((value: unknown) => (Array.isArray(value) ? value : [value])),
        z.array(personId).check(z.maxLength(1000, "people.bulk.tooMany")),
      ),
    ),
    teamId: z.optional(z.string().check(z.maxLength(100))),
    ...editorShape,
  })
  .check(
    z.superRefine((value, ctx) => {
      if (!value.userIds?.length && !value.teamId) ctx.addIssue({ code: "custom", path: ["userIds"], message: "workSchedules.bulk.noneSelected" });
      checkDays(value as EditorValues, ctx);
    }),
  );

/** Removing a planned row (one that starts today or later) of a person or of the company default. */
export const removeScheduleSchema = z.object({
  userId: z.optional(personId),
  validFrom: z.string().check(z.refine(isIsoDate, "validation.dateInvalid")),
});

const optionalDay = z.optional(
  z.string().check(
    z.trim(),
    z.refine((value) => value === "" || isIsoDate(value), "workSchedules.employment.dateInvalid"),
    z.refine((value) => !isIsoDate(value) || isDateInWindow(value), "validation.dateOutOfWindow"),
  ),
);

/** A person's first and last day of employment; empty clears one. */
export const employmentSchema = z
  .object({ userId: personId, firstDay: optionalDay, lastDay: optionalDay })
  .check(
    z.superRefine((value, ctx) => {
      if (value.firstDay && value.lastDay && value.lastDay < value.firstDay) ctx.addIssue({ code: "custom", path: ["lastDay"], message: "workSchedules.employment.lastBeforeFirst" });
    }),
  );

