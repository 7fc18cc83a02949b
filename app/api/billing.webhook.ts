import type { ActionFunctionArgs } from "@remix-run/node";
import { handleStripeEvent, verifyWebhook } from "~/models/stripe-webhook.server";
import { handleApi } from "~/utils/api.server";
import { allowMethods, onlyMethods } from "~/utils/http.server";

// POST /api/billing/webhook: Stripe's events, signed with the endpoint's secret (no session, no
// cookie: the request guards let a cookieless POST through). The signature covers the exact bytes
// sent, so the body is read raw. 400 for a bad signature, 503 when billing is not configured;
// a replayed event answers 200 and changes nothing.
export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    await allowMethods(request, "POST");
    const payload = Buffer.from(await request.arrayBuffer());
    const event = await verifyWebhook(payload, request.headers.get("Stripe-Signature"));
    const outcome = await handleStripeEvent(event);
    return Response.json({ received: true, outcome });
  });
}

// Acts only.
export const loader = onlyMethods("POST");
