// Work schedules (docs/decisions/0077-work-schedules-hours-and-leave-years.md): a person's
// effective-dated list and the company default's, each read and replaced whole.
import { z } from "zod";
import { apiWorkScheduleSchema } from "~/lib/schemas/api-responses";
import { apiWorkScheduleListInputSchema } from "~/lib/schemas/work-schedules-api";
import type { ApiOperation } from "../operation";

const TAG = "Work schedules";

const fourDayWeek = { valid_from: "2027-03-01", cycle_weeks: 1, days: [1, 2, 3, 4].map((weekday) => ({ weekday, hours: 8 })) };
const fortnight = {
  valid_from: "2027-09-06",
  cycle_weeks: 2,
  days: [
    ...[1, 2, 3, 4, 5].map((weekday) => ({ weekday, week: 1, hours: 7.5 })),
    ...[1, 2, 3].map((weekday) => ({ weekday, week: 2, hours: 7.5 })),
  ],
};
const example = [fourDayWeek, fortnight];
const list = z.array(apiWorkScheduleSchema);

const HISTORY =
  "Rows before today (the company's time zone) are history: send them back unchanged and add none; a change from a date is a new row from that date. Only a list that has no rows yet may start in the past (a first schedule replaces the assumed Monday–Friday).";
const errors = {
  403: "The caller may not change this (company admins only), or the person is someone else and the caller is no company admin",
  409: "The list rewrites a row that started before today",
};

export const workScheduleOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/users/{id}/work-schedules",
    tag: TAG,
    summary: "A person's work schedules",
    description:
      "Their own rows, oldest first: each in force from valid_from until the next one's. An empty list: they follow the company default (GET /api/companies/me/work-schedules). People read their own; company admins anyone's.",
    access: "signedIn",
    pathParams: { id: "The person's id" },
    responses: { 200: { description: "The person's schedules", schema: list, example } },
    errors: { 403: "The person is someone else and the caller is no company admin" },
  },
  {
    method: "put",
    path: "/api/users/{id}/work-schedules",
    tag: TAG,
    summary: "Replace a person's work schedules",
    description: `The whole list; answers it as stored (days not worked left out, in date order). ${HISTORY} An empty list makes them follow the company default again (when none of their rows is history).`,
    access: "admin",
    pathParams: { id: "The person's id" },
    body: { schema: apiWorkScheduleListInputSchema, example },
    responses: { 200: { description: "The person's schedules as stored", schema: list, example } },
    errors,
  },
  {
    method: "get",
    path: "/api/companies/me/work-schedules",
    tag: TAG,
    summary: "The company's default work schedules",
    description: "What everyone without schedules of their own follows, oldest first. An empty list: Monday to Friday, 8 hours.",
    access: "signedIn",
    responses: { 200: { description: "The company default's schedules", schema: list, example: [{ valid_from: "2027-01-01", cycle_weeks: 1, days: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, hours: 8 })) }] } },
  },
  {
    method: "put",
    path: "/api/companies/me/work-schedules",
    tag: TAG,
    summary: "Replace the company's default work schedules",
    description: `The whole list; answers it as stored. ${HISTORY}`,
    access: "admin",
    body: { schema: apiWorkScheduleListInputSchema, example: [{ valid_from: "2027-01-01", cycle_weeks: 1, days: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, hours: 7.5 })) }] },
    responses: { 200: { description: "The company default's schedules as stored", schema: list } },
    errors,
  },
];
