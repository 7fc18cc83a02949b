import type { LoaderFunctionArgs } from "@remix-run/node";
import { listCategories } from "~/models/calendar.server";
import { handleApi, noStore, requireApiUser } from "~/utils/api.server";
import { onlyMethods } from "~/utils/http.server";

export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    const viewer = await requireApiUser(request);
    const categories = await listCategories(viewer, { activeOnly: false });
    return Response.json(categories.map((c) => ({ id: c.id, name: c.name, color: c.color, active: c.active, unit: "day", balance: c.balance })), { headers: noStore });
  });
}

// Reads only.
export const action = onlyMethods("GET", "HEAD");
