// A leaver's leave certificate: an A4 PDF, in the person's language, with each leave year's
// entitlement, leave taken and remaining (in each balance's unit, decision 0081) and the dates of
// every absence taken. The figures arrive computed (exit-export.server.ts); this only draws them.
import type { Language } from "~/i18n";
import type { IsoDate } from "~/lib/dates";
import { formatDate, formatDateRange, formatLeaveAmount } from "~/lib/format";
import { getT } from "~/utils/i18n.server";
import { openPdf, PDF_ACCENT, PDF_INK, PDF_MUTED, PDF_RULE } from "~/utils/pdf.server";
import type { CertificateYear } from "./exit-export.server";

export interface LeaveCertificateDocument {
  companyName: string;
  person: { name: string; email: string; firstDay: IsoDate | null; lastDay: IsoDate | null };
  issuedOn: IsoDate;
  years: readonly CertificateYear[];
}

/** The PDF's bytes. */
export async function renderLeaveCertificatePdf(certificate: LeaveCertificateDocument, language: Language): Promise<Buffer> {
  const t = getT(language);
  const title = t("exitExport.certificate.title");
  const { doc, done, left, width } = await openPdf({ Title: `${title} · ${certificate.person.name}`, Author: certificate.companyName, Subject: certificate.person.name }, language);
  const amount = (value: number, unit: "day" | "hour") => formatLeaveAmount(value, unit, language);
  const rule = () => {
    const y = doc.y + 3;
    doc.moveTo(left, y).lineTo(left + width, y).strokeColor(PDF_RULE).stroke();
    doc.y = y + 6;
  };
  /** One table row at the current height: each cell in its column, the row as tall as its tallest cell. */
  const row = (cells: readonly string[], columns: readonly { x: number; w: number; align: "left" | "right" }[]) => {
    const top = doc.y;
    let bottom = top;
    cells.forEach((cell, index) => {
      doc.text(cell, columns[index].x, top, { width: columns[index].w, align: columns[index].align });
      bottom = Math.max(bottom, doc.y);
    });
    doc.x = left;
    doc.y = bottom + 2;
  };

  doc.font("bold").fontSize(18).fillColor(PDF_ACCENT).text(certificate.companyName, left, 56, { width });
  doc.font("bold").fontSize(15).fillColor(PDF_INK).text(title, { width });
  doc.font("body").fontSize(10).fillColor(PDF_MUTED).text(`${t("exitExport.certificate.issuedOn")}: ${formatDate(certificate.issuedOn, language)}`);

  doc.moveDown(1.5);
  doc.font("bold").fontSize(12).fillColor(PDF_INK).text(certificate.person.name);
  doc.font("body").fontSize(10).fillColor(PDF_INK).text(certificate.person.email);
  const { firstDay, lastDay } = certificate.person;
  if (firstDay) doc.text(`${t("exitExport.certificate.firstDay")}: ${formatDate(firstDay, language)}`);
  if (lastDay) doc.text(`${t("exitExport.certificate.lastDay")}: ${formatDate(lastDay, language)}`);

  const figures = [
    { label: t("exitExport.certificate.balance"), x: left, w: width * 0.4, align: "left" as const },
    { label: t("exitExport.certificate.entitlement"), x: left + width * 0.4, w: width * 0.2, align: "right" as const },
    { label: t("exitExport.certificate.taken"), x: left + width * 0.6, w: width * 0.2, align: "right" as const },
    { label: t("exitExport.certificate.remaining"), x: left + width * 0.8, w: width * 0.2, align: "right" as const },
  ];
  const absences = [
    { label: t("exitExport.certificate.dates"), x: left, w: width * 0.5, align: "left" as const },
    { label: t("exitExport.certificate.type"), x: left + width * 0.5, w: width * 0.3, align: "left" as const },
    { label: t("exitExport.certificate.amount"), x: left + width * 0.8, w: width * 0.2, align: "right" as const },
  ];
  for (const year of certificate.years) {
    doc.moveDown(1.5);
    doc.font("bold").fontSize(13).fillColor(PDF_ACCENT).text(t("exitExport.certificate.leaveYear", { label: year.label }), left);
    doc.font("body").fontSize(9).fillColor(PDF_MUTED).text(formatDateRange(year.firstDay, year.lastDay, language));
    doc.moveDown(0.5);
    doc.font("bold").fontSize(10).fillColor(PDF_INK);
    row(figures.map((column) => column.label), figures);
    rule();
    doc.font("body").fontSize(10);
    for (const { kind, figures: balance } of year.balances) {
      const unit = balance.unit ?? "day";
      row([t(`absences.balances.${kind}.title`), amount(balance.total, unit), amount(balance.used, unit), amount(balance.remaining, unit)], figures);
    }
    const yearly = year.balances.find((balance) => balance.kind === "yearly");
    if (year.proratedFrom !== null && yearly) {
      doc.font("body").fontSize(9).fillColor(PDF_MUTED);
      doc.text(t("exitExport.certificate.prorated", { full: amount(year.proratedFrom, yearly.figures.unit ?? "day"), total: amount(yearly.figures.total, yearly.figures.unit ?? "day") }), left, doc.y, { width });
    }
    const pending = year.balances.filter((balance) => balance.figures.pending !== 0);
    if (pending.length) {
      doc.font("body").fontSize(9).fillColor(PDF_MUTED);
      const list = pending.map(({ kind, figures: balance }) => `${t(`absences.balances.${kind}.title`)} ${amount(balance.pending, balance.unit ?? "day")}`).join(", ");
      doc.text(t("exitExport.certificate.pendingNote", { list }), left, doc.y, { width });
    }

    doc.moveDown(0.8);
    doc.font("bold").fontSize(11).fillColor(PDF_INK).text(t("exitExport.certificate.takenTitle"), left);
    if (year.taken.length === 0) {
      doc.font("body").fontSize(10).fillColor(PDF_MUTED).text(t("exitExport.certificate.noneTaken"));
      continue;
    }
    doc.moveDown(0.3);
    doc.font("bold").fontSize(10).fillColor(PDF_INK);
    row(absences.map((column) => column.label), absences);
    rule();
    doc.font("body").fontSize(10).fillColor(PDF_INK);
    for (const absence of year.taken) {
      if (doc.y > doc.page.height - doc.page.margins.bottom - 40) doc.addPage();
      row([formatDateRange(absence.startDate, absence.endDate, language), absence.type, amount(absence.amount, absence.unit)], absences);
    }
  }

  doc.moveDown(3);
  doc.font("body").fontSize(9).fillColor(PDF_MUTED).text(t("exitExport.certificate.footer", { company: certificate.companyName, app: t("app.name") }), left, doc.y, { width });
  doc.end();
  return done;
}
