import type { TFunction } from "i18next";
import { categoryName } from "~/components/absence-category-name";
import type { Language } from "~/i18n";
import { formatDateRange, formatDays, formatLeaveAmount } from "~/lib/format";
import { getT } from "~/utils/i18n.server";
import { asOneLine } from "~/lib/text-input";
import { escapeHtml, quoted, quotedLines, type RenderedMail } from "./render.server";

export interface VacationMailData {
  requester: string;
  recipient: string;
  startDate: string;
  endDate: string;
  workingDays: number;
  /** Set for a request of a category counting hours: told in hours, with its times (decision 0081). */
  hours?: number | null;
  startTime?: string | null;
  endTime?: string | null;
  categoryId: string;
  categoryName: string;
  description: string;
  links: { approve: string; reject: string } | null;
  appUrl: string;
  automatic?: boolean;
}

const button = (href: string, label: string, color: string) =>
  `<a href="${escapeHtml(href)}" style="display:inline-block;background:${color};color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none;margin-right:8px">${escapeHtml(label)}</a>`;

type VacationMailKind = "requested" | "recorded" | "reminder" | "cancelled" | "approved" | "rejected";

// "recorded" (a vacation of an absence category that needs no approval) has its texts with the absence categories.
const messagesOf = (kind: VacationMailKind) => (kind === "recorded" ? "absenceTypes.mail" : `notify.${kind}`);

/** "4 h" or "4 h, 09:00–13:00": what an hour category's request takes. */
function hoursText(data: VacationMailData, language: Language): string {
  const amount = formatLeaveAmount(data.hours, "hour", language);
  return data.startTime && data.endTime ? `${amount}, ${data.startTime}–${data.endTime}` : amount;
}

/** requested / recorded / reminder / cancelled go to reviewers and chosen colleagues; approved / rejected to the requester. */
export function renderVacationMail(kind: VacationMailKind, language: Language, data: VacationMailData): RenderedMail {
  const t: TFunction = getT(language);
  const range = formatDateRange(data.startDate, data.endDate, language);
  const vars = {
    // Names people wrote: one line each, the requester's in quotes in the body (render.server.ts).
    requester: quoted(data.requester),
    range,
    count: data.workingDays,
    days: formatDays(data.workingDays, language),
    amount: data.hours !== undefined ? hoursText(data, language) : "",
    category: asOneLine(categoryName(t, { id: data.categoryId, name: data.categoryName })),
  };
  // A subject is one header line: the name on it needs no quotes to stay a name.
  const subject = t(`${messagesOf(kind)}.subject`, { ...vars, requester: asOneLine(data.requester) });
  const body = data.hours !== undefined ? t(`hours.mail.${kind}`, vars) : t(`${messagesOf(kind)}.body`, vars);
  const greeting = t("mail.greeting", { name: asOneLine(data.recipient) });
  const description = data.description ? quotedLines(data.description) : [];
  const lines = [greeting, "", body];
  if (data.automatic) lines.push("", t("notify.autoApproved"));
  if (description.length) lines.push("", `${t("notify.description")}:`, ...description);
  if (data.links) lines.push("", `${t("notify.approve")}: ${data.links.approve}`, `${t("notify.reject")}: ${data.links.reject}`, "", t("notify.linksNote"));
  lines.push("", `${t("notify.openApp")}: ${data.appUrl}/my-calendar`);
  const html = `<!doctype html><html lang="${language}"><body style="font-family:system-ui,sans-serif;color:#1d2430;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(body).replace(escapeHtml(range), `<span style="white-space:nowrap">${escapeHtml(range)}</span>`)}</p>
${data.automatic ? `<p>${escapeHtml(t("notify.autoApproved"))}</p>` : ""}
${description.length ? `<p><strong>${escapeHtml(t("notify.description"))}:</strong></p><blockquote style="margin:0 0 1em;padding-left:12px;border-left:3px solid #cfd6df;white-space:pre-line">${escapeHtml(description.map((line) => line.replace(/^> ?/, "")).join("\n"))}</blockquote>` : ""}
${data.links ? `<p>${button(data.links.approve, t("notify.approve"), "#2e7d32")}${button(data.links.reject, t("notify.reject"), "#c62828")}</p><p style="font-size:13px;color:#5b6575">${escapeHtml(t("notify.linksNote"))}</p>` : ""}
<p><a href="${escapeHtml(`${data.appUrl}/my-calendar`)}">${escapeHtml(t("notify.openApp"))}</a></p>
</body></html>`;
  return { subject, text: lines.join("\n"), html, language };
}
