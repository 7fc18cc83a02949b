// The body of POST /api/vacations/{id}/changes and its answer (issue 41, decision 0093): the new
// version's fields under the names POST /api/vacations reads, checked by the request form's rules.
import { z } from "zod";
import { named } from "~/lib/openapi/json-schema";
import { DATE_WINDOW_PATTERN, DATE_WINDOW_WORDS } from "~/lib/openapi/operation";
import { CHANGE_STATUSES } from "~/lib/vacation-change";
import { vacationRequestSchema } from "./vacation";

const field = vacationRequestSchema.shape;
const isoDate = (description: string) => ({ format: "date", pattern: DATE_WINDOW_PATTERN, description: `${description}; ${DATE_WINDOW_WORDS}` });

export const apiVacationChangeBodySchema = z
  .object({
    start_date: z.unknown().pipe(field.startDate).meta(isoDate("The new first day")),
    end_date: z.unknown().pipe(field.endDate).meta(isoDate("The new last day, included")),
    absence_category_id: z.unknown().pipe(field.categoryId).optional().describe("The new absence category; the absence's own when missing"),
    half_day_start: z.unknown().pipe(field.halfDayStart).optional().describe("The first day is a half day"),
    half_day_end: z.unknown().pipe(field.halfDayEnd).optional().describe("The last day is a half day"),
    start_time: z.unknown().pipe(field.startTime).nullable().optional().describe("For a category counting hours: from this time on the one day"),
    end_time: z.unknown().pipe(field.endTime).nullable().optional().describe("For a category counting hours: until this time"),
    hours_per_day: z.number({ error: "hours.errors.hoursPerDay" }).nullable().optional().describe("For a category counting hours: hours on each working day"),
  })
  .transform((body, ctx) => {
    // A missing category keeps the absence's own (filled in by the route); any name passes the form's rule here.
    const parsed = vacationRequestSchema.safeParse({
      startDate: body.start_date,
      endDate: body.end_date,
      categoryId: body.absence_category_id ?? "unchanged",
      halfDayStart: body.half_day_start ?? false,
      halfDayEnd: body.half_day_end ?? false,
      startTime: body.start_time ?? undefined,
      endTime: body.end_time ?? undefined,
      hoursPerDay: body.hours_per_day ?? undefined,
    });
    if (!parsed.success) {
      const names: Record<string, string> = { startDate: "start_date", endDate: "end_date", categoryId: "absence_category_id", startTime: "start_time", endTime: "end_time", hoursPerDay: "hours_per_day" };
      for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", path: [names[String(issue.path[0])] ?? String(issue.path[0])], message: issue.message });
      return z.NEVER;
    }
    const { startDate, endDate, categoryId, halfDayStart, halfDayEnd, startTime, endTime, hoursPerDay } = parsed.data;
    return { startDate, endDate, categoryId: body.absence_category_id === undefined ? undefined : categoryId, halfDayStart, halfDayEnd, startTime, endTime, hoursPerDay };
  });

export const apiVacationChangeSchema = named(
  "VacationChange",
  z.object({
    id: z.string(),
    vacation_id: z.string(),
    status: z.enum(CHANGE_STATUSES).describe("pending until an approver decides; approved at once when an admin made it"),
    start_date: z.string().meta({ format: "date" }),
    end_date: z.string().meta({ format: "date" }),
    half_day_start: z.boolean(),
    half_day_end: z.boolean(),
    absence_category_id: z.string(),
    start_time: z.string().nullable(),
    end_time: z.string().nullable(),
    hours_per_day: z.number().nullable(),
    requested_by: z.string().nullable(),
    decided_by: z.string().nullable(),
    decided_at: z.string().meta({ format: "date-time" }).nullable(),
    created_at: z.string().meta({ format: "date-time" }),
  }),
);

export type ApiVacationChange = z.output<typeof apiVacationChangeSchema>;
