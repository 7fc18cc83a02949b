import type { ActionFunctionArgs } from "@remix-run/node";
import { apiCheckoutSchema } from "~/lib/schemas/api-billing";
import { startCheckout } from "~/models/subscription.server";
import { handleApi, parseBody, requireApiUser } from "~/utils/api.server";
import { allowMethods, onlyMethods } from "~/utils/http.server";
import { getLanguage } from "~/utils/i18n.server";

// POST /api/billing/checkout { subscription_id, interval? }: a Stripe Checkout for the company's
// active people; answers { ok, url } to send the browser to. 503 when billing is not configured.
export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    await allowMethods(request, "POST");
    const viewer = await requireApiUser(request, { whileReadOnly: true });
    const body = await parseBody(request, apiCheckoutSchema);
    const { url } = await startCheckout(viewer, { subscriptionId: body.subscription_id, interval: body.interval ?? "month", language: await getLanguage(request) });
    return Response.json({ ok: true, url });
  });
}

// Acts only.
export const loader = onlyMethods("POST");
