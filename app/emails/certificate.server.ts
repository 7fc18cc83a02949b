// The overdue-certificate reminder (decision 0092): to the person, in their language.
import type { Language } from "~/i18n";
import { formatDate, formatDateRange } from "~/lib/format";
import { asOneLine } from "~/lib/text-input";
import { renderActionMail, type RenderedMail } from "./render.server";

export interface CertificateReminderData {
  name: string;
  startDate: string;
  endDate: string;
  dueDate: string;
  link: string;
}

export function renderCertificateReminderMail(language: Language, data: CertificateReminderData): RenderedMail {
  return renderActionMail(language, (t) => ({
    subject: t("sickness.mail.subject"),
    greeting: t("mail.greeting", { name: asOneLine(data.name) }),
    paragraphs: [t("sickness.mail.body", { range: formatDateRange(data.startDate, data.endDate, language), due: formatDate(data.dueDate, language) })],
    action: t("sickness.mail.action"),
    link: data.link,
    footer: t("sickness.mail.footer"),
  }));
}
