import type { LoaderFunctionArgs } from "@remix-run/node";
import { privacyUrl } from "~/models/billing.server";
import { handleApi, requireApiUser } from "~/utils/api.server";
import { onlyMethods } from "~/utils/http.server";

// GET /api/billing/privacy: { url } of the privacy documents (any signed-in person may read them).
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    await requireApiUser(request);
    return Response.json({ url: privacyUrl() });
  });
}

// Reads only.
export const action = onlyMethods("GET");
