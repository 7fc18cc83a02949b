import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiWorkScheduleListInputSchema } from "~/lib/schemas/work-schedules-api";
import { listWorkSchedules, replaceWorkSchedules, serializeWorkSchedule, workSchedulesFromApi } from "~/models/work-schedule.server";
import { handleApi, noStore, parseBody, requireApiUser } from "~/utils/api.server";
import { allowMethods } from "~/utils/http.server";

// GET: the person's own schedules (empty: they follow the company default). Decision 0077.
export function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    const viewer = await requireApiUser(request);
    return Response.json((await listWorkSchedules(viewer, params.id!)).map(serializeWorkSchedule), { headers: noStore });
  });
}

// PUT [{ valid_from, cycle_weeks, days }]: replaces the whole list (company admins; history fixed).
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    await allowMethods(request, "PUT");
    const viewer = await requireApiUser(request);
    const body = await parseBody(request, apiWorkScheduleListInputSchema);
    return Response.json((await replaceWorkSchedules(viewer, params.id!, workSchedulesFromApi(body))).map(serializeWorkSchedule));
  });
}
