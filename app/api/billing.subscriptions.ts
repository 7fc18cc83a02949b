import type { LoaderFunctionArgs } from "@remix-run/node";
import { listSubscriptions, serializeSubscription } from "~/models/subscription.server";
import { handleApi, noStore, requireApiUser } from "~/utils/api.server";
import { onlyMethods } from "~/utils/http.server";

// GET /api/billing/subscriptions: the company's subscriptions, the first one first (company admins).
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    const viewer = await requireApiUser(request);
    return Response.json((await listSubscriptions(viewer)).map(serializeSubscription), { headers: noStore });
  });
}

// Reads only.
export const action = onlyMethods("GET");
