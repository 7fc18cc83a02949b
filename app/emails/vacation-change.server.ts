// E-mails about changes of approved absences (issue 41, decision 0093), each in its reader's
// language: the reviewers' when a change is proposed, the requester's when it is decided.
import type { Language } from "~/i18n";
import { formatDateRange, formatLeaveAmount } from "~/lib/format";
import { asOneLine } from "~/lib/text-input";
import { quoted, renderActionMail, type RenderedMail } from "./render.server";

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

/** One version of an absence as a mail tells it: its dates (½ for a half day), its hours when in hours. */
export interface MailVersion extends Dated {
  halfDayStart: boolean;
  halfDayEnd: boolean;
  startTime: string | null;
  endTime: string | null;
  hoursPerDay: number | null;
  /** The type's name as a person reads it (categoryName). */
  type: string;
}

function versionText(v: MailVersion, language: Language, perDay: (amount: string) => string): string {
  const range = formatDateRange(v.startDate, v.endDate, language) + (v.halfDayStart || v.halfDayEnd ? " (½)" : "");
  const hours = v.startTime && v.endTime ? `, ${v.startTime}–${v.endTime}` : v.hoursPerDay != null ? `, ${perDay(formatLeaveAmount(v.hoursPerDay, "hour", language))}` : "";
  return `${range}${hours}`;
}

/**
 * The reviewers' e-mail when the owner of an approved absence proposes a change (decision 0093):
 * both versions, dates and type, and the way to Approvals, where the change is decided.
 */
export function renderChangeProposedMail(language: Language, data: { name: string; requester: string; before: MailVersion; after: MailVersion; appUrl: string }): RenderedMail {
  return renderActionMail(language, (t) => {
    const perDay = (amount: string) => t("leaveChange.mail.proposed.perDay", { amount });
    const version = (v: MailVersion) => ({ version: versionText(v, language, perDay), type: asOneLine(v.type) });
    const before = formatDateRange(data.before.startDate, data.before.endDate, language);
    return {
      // A subject is one header line: the name on it needs no quotes to stay a name.
      subject: t("leaveChange.mail.proposed.subject", { requester: asOneLine(data.requester), before }),
      greeting: t("mail.greeting", { name: asOneLine(data.name) }),
      paragraphs: [
        t("leaveChange.mail.proposed.body", { requester: quoted(data.requester) }),
        t("leaveChange.mail.proposed.current", version(data.before)),
        t("leaveChange.mail.proposed.proposed", version(data.after)),
      ],
      action: t("leaveChange.mail.proposed.open"),
      link: `${data.appUrl}/approvals`,
      footer: t("leaveChange.mail.proposed.footer", { requester: quoted(data.requester) }),
    };
  });
}
