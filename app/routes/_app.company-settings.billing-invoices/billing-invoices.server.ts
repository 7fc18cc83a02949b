// The invoices tab's data: the history, newest first. Each PDF opens from /invoices/<id>/pdf.
import { billingOffNotice } from "~/models/billing.server";
import { listInvoices } from "~/models/invoice.server";
import type { SignedInViewer } from "~/utils/auth.server";

export async function loadBillingInvoicesTab(viewer: SignedInViewer) {
  const invoices = await listInvoices(viewer);
  return {
    billingOff: billingOffNotice(viewer),
    invoices: invoices.map((invoice) => ({
      id: invoice.id,
      number: invoice.invoiceNumber,
      date: invoice.invoiceDate,
      periodStart: invoice.periodStart,
      periodEnd: invoice.periodEnd,
      people: invoice.userCount,
      totalCents: invoice.totalCents,
      currency: invoice.currency,
      status: invoice.status,
    })),
  };
}
