import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiWorkScheduleListInputSchema } from "~/lib/schemas/work-schedules-api";
import { listCompanyWorkSchedules, replaceCompanyWorkSchedules, serializeWorkSchedule, workSchedulesFromApi } from "~/models/work-schedule.server";
import { handleApi, noStore, parseBody, requireApiUser } from "~/utils/api.server";
import { allowMethods } from "~/utils/http.server";

// GET: the company default's schedules (empty: Monday to Friday, 8 h). Decision 0077.
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    const viewer = await requireApiUser(request);
    return Response.json((await listCompanyWorkSchedules(viewer)).map(serializeWorkSchedule), { headers: noStore });
  });
}

// PUT [{ valid_from, cycle_weeks, days }]: replaces the whole list (company admins; history fixed).
export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    await allowMethods(request, "PUT");
    const viewer = await requireApiUser(request);
    const body = await parseBody(request, apiWorkScheduleListInputSchema);
    return Response.json((await replaceCompanyWorkSchedules(viewer, workSchedulesFromApi(body))).map(serializeWorkSchedule));
  });
}
