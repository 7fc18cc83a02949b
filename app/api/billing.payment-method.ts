import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { todayIn } from "~/lib/dates";
import { apiPaymentMethodSchema } from "~/lib/schemas/api-billing";
import { getPaymentMethod, savePaymentMethod } from "~/models/billing.server";
import { handleApi, noStore, parseBody, requireApiUser } from "~/utils/api.server";
import { allowMethods } from "~/utils/http.server";

const json = (card: { brand: string; last4: string; expMonth: number; expYear: number } | null) =>
  card && { brand: card.brand, last4: card.last4, exp_month: card.expMonth, exp_year: card.expYear };

// GET /api/billing/payment-method: the card on file, or null.
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    const viewer = await requireApiUser(request);
    return Response.json(json(await getPaymentMethod(viewer)), { headers: noStore });
  });
}

// PUT /api/billing/payment-method { brand, last4, exp_month, exp_year } (spec section 5's rules).
export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    await allowMethods(request, "PUT");
    const viewer = await requireApiUser(request, { whileReadOnly: true });
    const today = todayIn(viewer.timeZone);
    const card = await parseBody(request, apiPaymentMethodSchema(Number(today.slice(0, 4)), Number(today.slice(5, 7))));
    const input = { brand: card.brand, last4: card.last4, expMonth: card.exp_month, expYear: card.exp_year };
    await savePaymentMethod(viewer, input);
    return Response.json(json(input), { headers: noStore });
  });
}
