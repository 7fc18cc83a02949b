// The requester's e-mail when a change of their absence is decided (issue 41), in their language.
import type { Language } from "~/i18n";
import { formatDateRange } from "~/lib/format";
import { asOneLine } from "~/lib/text-input";
import { renderActionMail, type RenderedMail } from "./render.server";

interface Dated {
  startDate: string;
  endDate: string;
}

export function renderChangeDecisionMail(
  decision: "approved" | "rejected",
  language: Language,
  data: { name: string; before: Dated; after: Dated; appUrl: string; vacationId: string },
): RenderedMail {
  const vars = { before: formatDateRange(data.before.startDate, data.before.endDate, language), after: formatDateRange(data.after.startDate, data.after.endDate, language) };
  return renderActionMail(language, (t) => ({
    subject: t(`leaveChange.mail.${decision}.subject`, vars),
    greeting: t("mail.greeting", { name: asOneLine(data.name) }),
    paragraphs: [t(`leaveChange.mail.${decision}.body`, vars)],
    action: t("leaveChange.mail.open"),
    link: `${data.appUrl}/vacations/${encodeURIComponent(data.vacationId)}/change`,
    footer: t("leaveChange.mail.footer"),
  }));
}
