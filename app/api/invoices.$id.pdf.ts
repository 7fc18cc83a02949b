import type { LoaderFunctionArgs } from "@remix-run/node";
import { invoicePdfUrl } from "~/models/invoice.server";
import { handleApi, noStore, requireApiUser } from "~/utils/api.server";
import { onlyMethods } from "~/utils/http.server";

// GET /api/invoices/{id}/pdf: { pdf_url } — Stripe's for an invoice from Stripe, the app's own
// document otherwise (spec section 7).
export function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    const viewer = await requireApiUser(request);
    const { url, source } = await invoicePdfUrl(viewer, params.id!);
    return Response.json({ pdf_url: url, source }, { headers: noStore });
  });
}

// Reads only.
export const action = onlyMethods("GET");
