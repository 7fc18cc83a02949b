// Slack and Microsoft Teams (issue 43, decision 0094): the rules for what an admin types (channel,
// post time) and the messages themselves, Block Kit for Slack and Adaptive Cards for Teams. Pure,
// so the form, the models and unit tests share them; translations come in as `t`.
import type { TFunction } from "i18next";
import { formatDate, formatDateRange, formatLeaveAmount } from "./format";

export const DEFAULT_POST_TIME = "09:00";
/** The Approve and Reject buttons' action ids; the button's value is the request's id. */
export const SLACK_ACTIONS = { approve: "vacation.approve", reject: "vacation.reject" } as const;
export type SlackDecision = keyof typeof SLACK_ACTIONS;

export function slackDecisionOf(actionId: unknown): SlackDecision | null {
  if (actionId === SLACK_ACTIONS.approve) return "approve";
  if (actionId === SLACK_ACTIONS.reject) return "reject";
  return null;
}

/** HH:MM, 24-hour. */
export function isPostTime(value: unknown): value is string {
  return typeof value === "string" && /^(?:[01]\d|2[0-3]):[0-5]\d$/.test(value);
}

/** Whether the company's wall clock ("HH:MM:SS") has reached the post time; a process that was down then posts when it is back, the same day. */
export function postDue(localTime: string, postTime: string): boolean {
  return localTime.slice(0, 5) >= postTime;
}

/**
 * A channel as an admin may name it: Slack's id (C…, G…) or its name, with or without "#"
 * (lower case, digits, - _ ., at most 80). Returns what is stored, or null when it is neither.
 */
export function normalizeSlackChannel(text: string): string | null {
  const value = text.trim();
  if (/^[CG][A-Z0-9]{8,20}$/.test(value)) return value;
  const name = value.startsWith("#") ? value.slice(1) : value;
  return /^[a-z0-9][a-z0-9._-]{0,79}$/.test(name) ? `#${name}` : null;
}

/** Slack's mrkdwn reads &, < and > as markup: a name or a reason must not become a link or a mention. */
export function slackEscape(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}

export interface ChatRequest {
  id: string;
  requester: string;
  category: string;
  startDate: string;
  endDate: string;
  amount: number;
  unit: "day" | "hour";
  description: string;
}

function requestSummary(t: TFunction, language: string, request: ChatRequest) {
  return t("chat.message.requested", {
    name: request.requester,
    category: request.category,
    range: formatDateRange(request.startDate, request.endDate, language),
    amount: formatLeaveAmount(request.amount, request.unit, language),
    interpolation: { escapeValue: false },
  });
}

/** A new request for one approver: what, when, how much, and Approve / Reject. */
export function slackRequestMessage(t: TFunction, language: string, request: ChatRequest, appUrl: string) {
  const text = requestSummary(t, language, request);
  const details = [`*${slackEscape(t("chat.message.title"))}*`, slackEscape(text)];
  if (request.description) details.push(`> ${slackEscape(request.description.replaceAll("\n", " "))}`);
  return {
    text,
    blocks: [
      { type: "section", text: { type: "mrkdwn", text: details.join("\n") } },
      {
        type: "actions",
        block_id: "decision",
        elements: [
          { type: "button", action_id: SLACK_ACTIONS.approve, style: "primary", value: request.id, text: { type: "plain_text", text: t("chat.message.approve") } },
          { type: "button", action_id: SLACK_ACTIONS.reject, style: "danger", value: request.id, text: { type: "plain_text", text: t("chat.message.reject") } },
          { type: "button", action_id: "open", url: `${appUrl}/approvals`, text: { type: "plain_text", text: t("chat.message.open") } },
        ],
      },
    ],
  };
}

/** The same message once decided: the buttons give way to who decided. */
export function slackDecidedMessage(t: TFunction, language: string, request: ChatRequest, decision: "approved" | "rejected", by: string) {
  const text = requestSummary(t, language, request);
  const outcome = t(decision === "approved" ? "chat.message.approvedBy" : "chat.message.rejectedBy", { name: by, interpolation: { escapeValue: false } });
  return {
    text: `${text} ${outcome}`,
    blocks: [
      { type: "section", text: { type: "mrkdwn", text: `*${slackEscape(t("chat.message.title"))}*\n${slackEscape(text)}` } },
      { type: "context", elements: [{ type: "mrkdwn", text: `${decision === "approved" ? "✅" : "❌"} ${slackEscape(outcome)}` }] },
    ],
  };
}

export interface WhosOffEntry {
  name: string;
  startDate: string;
  endDate: string;
  pending: boolean;
}

function whosOffLines(t: TFunction, language: string, entries: WhosOffEntry[]) {
  return entries.map((entry) =>
    t(entry.pending ? "chat.daily.linePending" : "chat.daily.line", { name: entry.name, range: formatDateRange(entry.startDate, entry.endDate, language), interpolation: { escapeValue: false } }),
  );
}

/** The daily post: who is off today and tomorrow. A channel is read by everyone, so no reasons. */
export function whosOffSections(t: TFunction, language: string, day: { today: string; tomorrow: string; onToday: WhosOffEntry[]; onTomorrow: WhosOffEntry[] }) {
  return [
    { title: t("chat.daily.today", { date: formatDate(day.today, language) }), lines: whosOffLines(t, language, day.onToday) },
    { title: t("chat.daily.tomorrow", { date: formatDate(day.tomorrow, language) }), lines: whosOffLines(t, language, day.onTomorrow) },
  ].map((section) => ({ ...section, lines: section.lines.length ? section.lines : [t("chat.daily.nobody")] }));
}

export function slackDailyMessage(t: TFunction, language: string, day: Parameters<typeof whosOffSections>[2]) {
  const sections = whosOffSections(t, language, day);
  return {
    text: t("chat.daily.title", { date: formatDate(day.today, language) }),
    blocks: sections.map((section) => ({ type: "section", text: { type: "mrkdwn", text: `*${slackEscape(section.title)}*\n${section.lines.map((line) => `• ${slackEscape(line)}`).join("\n")}` } })),
  };
}

/** A Teams incoming webhook's message: one Adaptive Card (Teams shows no buttons that act here, so a link opens the app). */
function adaptiveCard(body: unknown[], link: { title: string; url: string }) {
  return {
    type: "message",
    attachments: [
      {
        contentType: "application/vnd.microsoft.card.adaptive",
        content: {
          $schema: "http://adaptivecards.io/schemas/adaptive-card.json",
          type: "AdaptiveCard",
          version: "1.4",
          body,
          actions: [{ type: "Action.OpenUrl", title: link.title, url: link.url }],
        },
      },
    ],
  };
}

export function teamsRequestCard(t: TFunction, language: string, request: ChatRequest, appUrl: string) {
  const body: unknown[] = [
    { type: "TextBlock", text: t("chat.message.title"), weight: "Bolder", size: "Medium", wrap: true },
    { type: "TextBlock", text: requestSummary(t, language, request), wrap: true },
  ];
  if (request.description) body.push({ type: "TextBlock", text: request.description, wrap: true, isSubtle: true });
  return adaptiveCard(body, { title: t("chat.message.open"), url: `${appUrl}/approvals` });
}

export function teamsDailyCard(t: TFunction, language: string, day: Parameters<typeof whosOffSections>[2], appUrl: string) {
  const body = whosOffSections(t, language, day).flatMap((section) => [
    { type: "TextBlock", text: section.title, weight: "Bolder", wrap: true },
    ...section.lines.map((line) => ({ type: "TextBlock", text: `• ${line}`, wrap: true, spacing: "None" })),
  ]);
  return adaptiveCard(body, { title: t("chat.daily.open"), url: `${appUrl}/company-calendar` });
}
