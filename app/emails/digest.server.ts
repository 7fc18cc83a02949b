// The daily who's-off digest: the absences of today and tomorrow, in the recipient's language, in
// the layout of the other e-mails (text plus an HTML twin).
import type { Language } from "~/i18n";
import { formatDate, formatDateRange } from "~/lib/format";
import { asOneLine } from "~/lib/text-input";
import { getT } from "~/utils/i18n.server";
import { escapeHtml, type RenderedMail } from "./render.server";

export interface DigestAbsence {
  name: string;
  /** Null when the recipient may see that the person is away but not why (seesVacationDetailsOf). */
  category: string | null;
  startDate: string;
  endDate: string;
  pending: boolean;
}

export interface DigestMailData {
  recipient: string;
  today: string;
  tomorrow: string;
  /** The absences on each day; a day with none says so. */
  onToday: DigestAbsence[];
  onTomorrow: DigestAbsence[];
  appUrl: string;
}

export function renderDigestMail(language: Language, data: DigestMailData): RenderedMail {
  const t = getT(language);
  const line = (absence: DigestAbsence) =>
    t(absence.pending ? "digest.mail.linePending" : "digest.mail.line", {
      name: asOneLine(absence.name),
      reason: absence.category === null ? t("digest.mail.absent") : asOneLine(absence.category),
      range: formatDateRange(absence.startDate, absence.endDate, language),
    });
  const days = [
    { title: t("digest.mail.today", { date: formatDate(data.today, language) }), lines: data.onToday.map(line) },
    { title: t("digest.mail.tomorrow", { date: formatDate(data.tomorrow, language) }), lines: data.onTomorrow.map(line) },
  ];
  const subject = t("digest.mail.subject", { date: formatDate(data.today, language) });
  const greeting = t("mail.greeting", { name: asOneLine(data.recipient) });
  const link = `${data.appUrl}/company-calendar`;
  const settings = `${data.appUrl}/calendar-feeds#digest`;
  const nobody = t("digest.mail.nobody");
  const text = [
    greeting,
    "",
    ...days.flatMap((day) => [day.title, ...(day.lines.length ? day.lines.map((l) => `- ${l}`) : [nobody]), ""]),
    `${t("digest.mail.action")}: ${link}`,
    "",
    t("digest.mail.footer", { link: settings }),
  ].join("\n");
  const html = `<!doctype html><html lang="${language}"><body style="font-family:system-ui,sans-serif;color:#1d2430;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
${days
  .map(
    (day) =>
      `<p><strong>${escapeHtml(day.title)}</strong></p>\n${day.lines.length ? `<ul>${day.lines.map((l) => `<li>${escapeHtml(l)}</li>`).join("")}</ul>` : `<p style="color:#5b6575">${escapeHtml(nobody)}</p>`}`,
  )
  .join("\n")}
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#0f766e;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">${escapeHtml(t("digest.mail.action"))}</a></p>
<p style="font-size:13px;color:#5b6575">${escapeHtml(t("digest.mail.footer", { link: settings }))}</p>
</body></html>`;
  return { subject, text, html, language };
}
