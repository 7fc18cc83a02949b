import type { ActionFunctionArgs } from "@remix-run/node";
import { apiSyncSchema } from "~/lib/schemas/api-billing";
import { serializeSubscription, syncSubscription } from "~/models/subscription.server";
import { handleApi, noStore, parseBody, requireApiUser } from "~/utils/api.server";
import { allowMethods, onlyMethods } from "~/utils/http.server";

// POST /api/billing/sync { subscription_id, session_id? }: reads the subscription (and, with the
// checkout's session id, that checkout, once per id) from Stripe; answers the subscription.
export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    await allowMethods(request, "POST");
    const viewer = await requireApiUser(request, { whileReadOnly: true });
    const body = await parseBody(request, apiSyncSchema);
    const subscription = await syncSubscription(viewer, { subscriptionId: body.subscription_id, sessionId: body.session_id });
    return Response.json(serializeSubscription(subscription), { headers: noStore });
  });
}

// Acts only.
export const loader = onlyMethods("POST");
