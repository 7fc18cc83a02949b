import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiBillingDetailsSchema } from "~/lib/schemas/api-billing";
import { getBillingDetails, listBillingContacts, setBillingLanguage, updateBillingDetails } from "~/models/billing.server";
import { handleApi, noStore, parseBody, requireApiUser } from "~/utils/api.server";
import { allowMethods } from "~/utils/http.server";
import type { SignedInViewer } from "~/utils/auth.server";

async function detailsJson(viewer: SignedInViewer) {
  const [details, contacts] = await Promise.all([getBillingDetails(viewer), listBillingContacts(viewer)]);
  return {
    company_name: details.companyName,
    primary_contact: details.primaryContactId,
    company_address: details.companyAddress,
    phone: details.phone,
    currency: details.currency,
    invoice_email: details.invoiceEmail,
    preferred_language: details.preferredLanguage,
    billing_contacts: contacts,
  };
}

// GET /api/billing/details: the company's billing details (company admins).
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    const viewer = await requireApiUser(request);
    return Response.json(await detailsJson(viewer), { headers: noStore });
  });
}

// PUT /api/billing/details { company_name, primary_contact, company_address, phone, currency,
// invoice_email, preferred_language? }: saves them, audited; answers the details as saved.
export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    await allowMethods(request, "PUT");
    const viewer = await requireApiUser(request, { whileReadOnly: true });
    const body = await parseBody(request, apiBillingDetailsSchema);
    await updateBillingDetails(viewer, {
      companyName: body.company_name,
      primaryContactId: body.primary_contact,
      companyAddress: body.company_address,
      phone: body.phone,
      currency: body.currency,
      invoiceEmail: body.invoice_email,
    });
    if (body.preferred_language) await setBillingLanguage(viewer, body.preferred_language);
    return Response.json(await detailsJson(viewer), { headers: noStore });
  });
}
