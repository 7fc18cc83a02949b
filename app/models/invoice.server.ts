// The company's invoice history and each invoice's PDF: Stripe's own for invoices Stripe issued
// (asked for fresh, as its links are Stripe's to change), the app's document for the others.
import { languageOr } from "~/i18n";
import type { IsoDate } from "~/lib/dates";
import type { ApiInvoice } from "~/lib/schemas/api-responses";
import { displayName } from "~/lib/people";
import { getDb } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { AppError } from "~/utils/errors.server";
import { assertAllowed, managesBilling, type Viewer } from "~/utils/permissions.server";
import { getStripe } from "~/utils/stripe.server";
import { getBillingDetails } from "./billing.server";
import { renderInvoicePdf } from "./invoice-pdf.server";

const invoiceSelect = {
  id: true,
  invoiceNumber: true,
  invoiceDate: true,
  periodStart: true,
  periodEnd: true,
  userCount: true,
  totalCents: true,
  currency: true,
  status: true,
  stripeInvoiceId: true,
} as const;

export function listInvoices(viewer: Viewer) {
  assertAllowed(managesBilling(viewer));
  return getDb().invoice.findMany({ where: { companyId: viewer.companyId }, select: invoiceSelect, orderBy: [{ invoiceDate: "desc" }, { invoiceNumber: "desc" }] });
}

export type InvoiceRow = Awaited<ReturnType<typeof listInvoices>>[number];

/** Spec section 3's invoice fields. */
export function serializeInvoice(invoice: InvoiceRow): ApiInvoice {
  return {
    id: invoice.id,
    invoice_number: invoice.invoiceNumber,
    invoice_date: invoice.invoiceDate,
    period_start: invoice.periodStart,
    period_end: invoice.periodEnd,
    user_count: invoice.userCount,
    total: invoice.totalCents / 100,
    currency: invoice.currency,
    status: invoice.status,
    stripe_invoice_id: invoice.stripeInvoiceId,
  };
}

async function getInvoice(viewer: Viewer, id: string) {
  assertAllowed(managesBilling(viewer));
  const invoice = await getDb().invoice.findFirst({ where: { id, companyId: viewer.companyId } });
  if (!invoice) throw new AppError(404, "not_found", "billing.invoices.notFound");
  return invoice;
}

/** The app's address of an invoice's PDF: the page link and the API's `pdf_url` for the app's own. */
export function localPdfPath(id: string) {
  return `/invoices/${encodeURIComponent(id)}/pdf`;
}

/**
 * Where an invoice's PDF is: Stripe's `invoice_pdf` for an invoice from Stripe ('PDF não
 * disponível' while Stripe has none, 'Erro ao buscar PDF do Stripe' when Stripe cannot be asked),
 * the app's own address for the others.
 */
export async function invoicePdfUrl(viewer: Viewer, id: string): Promise<{ url: string; source: "stripe" | "app" }> {
  const invoice = await getInvoice(viewer, id);
  if (!invoice.stripeInvoiceId) return { url: `${getEnv().APP_URL}${localPdfPath(invoice.id)}`, source: "app" };
  let pdf: string | null | undefined;
  try {
    pdf = (await (await getStripe()).invoices.retrieve(invoice.stripeInvoiceId)).invoice_pdf;
  } catch (error) {
    if (error instanceof AppError) throw error;
    console.error("Stripe invoice not read:", (error as Error).message);
    throw new AppError(502, "stripe_pdf_failed", "billing.invoices.stripePdfFailed");
  }
  if (!pdf) throw new AppError(404, "pdf_unavailable", "billing.invoices.pdfUnavailable");
  if (pdf !== invoice.pdfUrl) await getDb().invoice.update({ where: { id: invoice.id }, data: { pdfUrl: pdf } });
  return { url: pdf, source: "stripe" };
}

/** The app's PDF of one of its own invoices, in the billing language. */
export async function renderOwnInvoicePdf(viewer: Viewer, id: string) {
  const invoice = await getInvoice(viewer, id);
  if (invoice.stripeInvoiceId) throw new AppError(404, "pdf_unavailable", "billing.invoices.pdfUnavailable");
  const details = await getBillingDetails(viewer);
  const contact = details.primaryContactId
    ? await getDb().user.findFirst({ where: { id: details.primaryContactId, companyId: viewer.companyId }, select: { fullName: true, name: true, email: true } })
    : null;
  const pdf = await renderInvoicePdf(
    {
      invoiceNumber: invoice.invoiceNumber,
      invoiceDate: invoice.invoiceDate as IsoDate,
      periodStart: invoice.periodStart as IsoDate,
      periodEnd: invoice.periodEnd as IsoDate,
      userCount: invoice.userCount,
      totalCents: invoice.totalCents,
      currency: invoice.currency,
      status: invoice.status,
      billTo: { companyName: details.companyName, companyAddress: details.companyAddress, phone: details.phone, invoiceEmail: details.invoiceEmail, primaryContact: contact ? displayName(contact) : null },
      issuer: { name: "Folga", url: getEnv().APP_URL },
    },
    languageOr(details.preferredLanguage),
  );
  return { pdf, filename: `${invoice.invoiceNumber.replace(/[^A-Za-z0-9._-]+/g, "-")}.pdf` };
}
