import type { LoaderFunctionArgs } from "@remix-run/node";
import { getCompany } from "~/models/company.server";
import { handleApi, noStore, requireApiUser } from "~/utils/api.server";
import { onlyMethods } from "~/utils/http.server";

export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    const viewer = await requireApiUser(request);
    return Response.json(await getCompany(viewer), { headers: noStore });
  });
}

// Reads only.
export const action = onlyMethods("GET", "HEAD");
