import type { LoaderFunctionArgs } from "@remix-run/node";
import { listInvoices, serializeInvoice } from "~/models/invoice.server";
import { handleApi, noStore, requireApiUser } from "~/utils/api.server";
import { onlyMethods } from "~/utils/http.server";

// GET /api/invoices: the company's invoices, newest first (company admins).
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    const viewer = await requireApiUser(request);
    return Response.json((await listInvoices(viewer)).map(serializeInvoice), { headers: noStore });
  });
}

// Reads only.
export const action = onlyMethods("GET");
