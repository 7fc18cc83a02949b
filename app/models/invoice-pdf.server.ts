// The app's own invoice document (for invoices Stripe did not issue): an A4 PDF with the invoice's
// figures and the company's billing details, in the billing language (fonts and inks: pdf.server.ts).
import type { Language } from "~/i18n";
import type { IsoDate } from "~/lib/dates";
import { formatDate, formatDateRange } from "~/lib/format";
import { formatMoney } from "~/lib/money";
import { getT } from "~/utils/i18n.server";
import { openPdf, PDF_ACCENT as ACCENT, PDF_INK as INK, PDF_MUTED as MUTED, PDF_RULE as RULE } from "~/utils/pdf.server";

export interface InvoiceDocument {
  invoiceNumber: string;
  invoiceDate: IsoDate;
  periodStart: IsoDate;
  periodEnd: IsoDate;
  userCount: number;
  totalCents: number;
  currency: string;
  status: string;
  billTo: {
    companyName: string;
    companyAddress: string;
    phone: string;
    invoiceEmail: string;
    primaryContact: string | null;
  };
  issuer: { name: string; url: string };
}

/** The PDF's bytes. */
export async function renderInvoicePdf(invoice: InvoiceDocument, language: Language): Promise<Buffer> {
  const t = getT(language);
  const money = (cents: number) => formatMoney(cents, invoice.currency, language);
  const unitCents = invoice.userCount > 0 ? Math.round(invoice.totalCents / invoice.userCount) : invoice.totalCents;
  const title = t("billing.pdf.title", { number: invoice.invoiceNumber });
  const { doc, done, left, width } = await openPdf({ Title: title, Author: invoice.issuer.name, Subject: invoice.billTo.companyName }, language);

  doc.font("bold").fontSize(20).fillColor(ACCENT).text(invoice.issuer.name, left, 56);
  doc.font("body").fontSize(9).fillColor(MUTED).text(invoice.issuer.url);
  doc.font("bold").fontSize(16).fillColor(INK).text(title, left, 56, { width, align: "right" });
  doc.font("body").fontSize(10).fillColor(MUTED);
  doc.text(`${t("billing.pdf.date")}: ${formatDate(invoice.invoiceDate, language)}`, { width, align: "right" });
  doc.text(`${t("billing.pdf.status")}: ${t(`billing.invoices.status.${invoice.status}`, { defaultValue: invoice.status })}`, { width, align: "right" });

  doc.moveDown(3);
  doc.font("bold").fontSize(11).fillColor(INK).text(t("billing.pdf.billTo"), left);
  doc.font("body").fontSize(10).fillColor(INK);
  const bill = invoice.billTo;
  for (const line of [bill.companyName, ...bill.companyAddress.split(/\r?\n/), bill.phone, bill.invoiceEmail]) {
    if (line.trim()) doc.text(line.trim());
  }
  if (bill.primaryContact) doc.fillColor(MUTED).text(`${t("billing.pdf.contact")}: ${bill.primaryContact}`);

  doc.moveDown(2);
  const columns = [
    { label: t("billing.pdf.description"), x: left, w: width * 0.46, align: "left" as const },
    { label: t("billing.pdf.quantity"), x: left + width * 0.46, w: width * 0.16, align: "right" as const },
    { label: t("billing.pdf.unitPrice"), x: left + width * 0.62, w: width * 0.18, align: "right" as const },
    { label: t("billing.pdf.amount"), x: left + width * 0.8, w: width * 0.2, align: "right" as const },
  ];
  let y = doc.y;
  doc.font("bold").fontSize(10).fillColor(INK);
  for (const column of columns) doc.text(column.label, column.x, y, { width: column.w, align: column.align });
  y = doc.y + 4;
  doc.moveTo(left, y).lineTo(left + width, y).strokeColor(RULE).stroke();
  y += 8;
  doc.font("body").fontSize(10);
  const row = [
    `${t("billing.pdf.line")}\n${formatDateRange(invoice.periodStart, invoice.periodEnd, language)}`,
    t("billing.pdf.people", { count: invoice.userCount }),
    money(unitCents),
    money(invoice.totalCents),
  ];
  columns.forEach((column, index) => doc.text(row[index], column.x, y, { width: column.w, align: column.align }));
  y = doc.y + 12;
  doc.moveTo(left, y).lineTo(left + width, y).strokeColor(RULE).stroke();
  y += 10;
  doc.font("bold").fontSize(12).text(`${t("billing.pdf.total")}: ${money(invoice.totalCents)}`, left, y, { width, align: "right" });

  doc.moveDown(4);
  doc.font("body").fontSize(9).fillColor(MUTED).text(t("billing.pdf.footer", { name: invoice.issuer.name }), left, doc.y, { width });
  doc.end();
  return done;
}
