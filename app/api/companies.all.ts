import type { LoaderFunctionArgs } from "@remix-run/node";
import { listAllCompanies } from "~/models/company.server";
import { handleApi, noStore, requireApiUser } from "~/utils/api.server";
import { requireMaster } from "~/utils/permissions.server";
import { onlyMethods } from "~/utils/http.server";

// Master users only (the audit screen's all-companies filter).
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    requireMaster(await requireApiUser(request));
    return Response.json(await listAllCompanies(), { headers: noStore });
  });
}

// Reads only.
export const action = onlyMethods("GET", "HEAD");
