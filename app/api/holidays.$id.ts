import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { deleteHoliday, getHoliday, serializeHoliday } from "~/models/holiday.server";
import { handleApi, noStore, requireApiUser } from "~/utils/api.server";
import { allowMethods } from "~/utils/http.server";

// GET /api/holidays/{id}: one of the company's holidays (another company's id is a 404).
export function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    const viewer = await requireApiUser(request);
    return Response.json(serializeHoliday(await getHoliday(viewer, params.id!)), { headers: noStore });
  });
}

// DELETE /api/holidays/{id}: company admins; another company's id is a 404 and nothing is deleted.
export function action({ request, params }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    await allowMethods(request, "DELETE");
    const viewer = await requireApiUser(request);
    await deleteHoliday(viewer, params.id!);
    return new Response(null, { status: 204 });
  });
}
