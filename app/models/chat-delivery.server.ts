// The chat worker (issue 43, decision 0094): new requests told to their approvers in Slack (a
// direct message with Approve and Reject) and to the company's Teams channel (a card), and the
// daily who's-off post. A notification is queued in the request's transaction (one row per Slack
// approver, one for Teams) and sent after the commit, claimed like the e-mail outbox so that app
// processes sharing a database send it once. The daily post is claimed by a unique row per chat
// and company day, as the e-mail digest is (decision 0088).
import type { Prisma } from "~/generated/prisma/client";
import { categoryName } from "~/components/absence-category-name";
import { languageOr } from "~/i18n";
import { slackRequestMessage, teamsDailyCard, teamsRequestCard, slackDailyMessage, postDue, type ChatRequest, type WhosOffEntry } from "~/lib/chat";
import { addDays } from "~/lib/dates";
import { earliestStartReaching } from "~/lib/input-limits";
import { displayName } from "~/lib/people";
import { BLOCKING_STATUSES } from "~/lib/statuses";
import { nextWebhookAttemptAt } from "~/lib/webhooks";
import { zonedDateTime } from "~/lib/zoned-time";
import { getDb } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { getT } from "~/utils/i18n.server";
import { openSlackToken, slackClient } from "~/utils/slack.server";
import { loadRequest } from "./vacation-notify.server";
import { postJson } from "./webhook-delivery.server";

type Client = Prisma.TransactionClient | ReturnType<typeof getDb>;

const BATCH_SIZE = 50;
const CLAIM_EXPIRES_MS = 5 * 60_000;
export const CHAT_POLL_MS = 60_000;

/**
 * In the transaction of a new pending request: one Slack message per approver and one Teams card,
 * for the chats the company connected. A company without chats pays one indexed read.
 */
export async function enqueueChatNotifications(tx: Client, companyId: string, vacationId: string, reviewerIds: readonly string[], now = new Date()): Promise<number> {
  const chat = await tx.chatIntegration.findUnique({ where: { companyId }, select: { id: true, slackBotToken: true, teamsWebhookUrl: true } });
  if (!chat) return 0;
  const rows = [
    ...(chat.slackBotToken ? reviewerIds.map((recipientId) => ({ integrationId: chat.id, companyId, target: "slack", vacationId, recipientId, nextAttemptAt: now, createdAt: now })) : []),
    ...(chat.teamsWebhookUrl ? [{ integrationId: chat.id, companyId, target: "teams", vacationId, recipientId: null, nextAttemptAt: now, createdAt: now }] : []),
  ];
  if (rows.length) await tx.chatMessage.createMany({ data: rows });
  return rows.length;
}

/** After the commit of a request that queued messages: the worker sends them now. */
export function kickChat(queued: number) {
  if (queued > 0) void deliverPendingChat();
}

function claimable(now: Date) {
  return { status: "pending", OR: [{ claimedAt: null }, { claimedAt: { lt: new Date(now.getTime() - CLAIM_EXPIRES_MS) } }] };
}

/** What a chat message says of a request, in one language. */
export function chatRequestOf(request: Awaited<ReturnType<typeof loadRequest>>, language: string): ChatRequest {
  const { vacation } = request;
  return {
    id: vacation.id,
    requester: displayName(vacation.user),
    category: categoryName(getT(languageOr(language)), vacation.category, vacation.category.id),
    startDate: vacation.startDate,
    endDate: vacation.endDate,
    amount: request.hours ?? request.workingDays,
    unit: request.hours === undefined ? "day" : "hour",
    description: vacation.description,
  };
}

/** The language of the chat's shared posts (Teams, the daily post): the connecting admin's. */
async function chatLanguage(connectedById: string | null) {
  const person = connectedById ? await getDb().user.findUnique({ where: { id: connectedById }, select: { preferredLanguage: true } }) : null;
  return languageOr(person?.preferredLanguage);
}

class SkipMessage extends Error {}

async function sendOne(message: { target: string; companyId: string; vacationId: string; recipientId: string | null; integration: { slackBotToken: string | null; teamsWebhookUrl: string | null; connectedById: string | null } }) {
  const request = await loadRequest(message.companyId, message.vacationId).catch(() => null);
  // Decided, cancelled or gone before the worker came to it: nothing to ask any more.
  if (!request || request.vacation.status !== "pending") throw new SkipMessage("not pending");
  const appUrl = getEnv().APP_URL;
  if (message.target === "teams") {
    if (!message.integration.teamsWebhookUrl) throw new SkipMessage("Teams disconnected");
    const language = await chatLanguage(message.integration.connectedById);
    const card = teamsRequestCard(getT(language), language, chatRequestOf(request, language), appUrl);
    const attempt = await postJson(message.integration.teamsWebhookUrl, JSON.stringify(card), {}, getEnv().NODE_ENV === "production");
    if (attempt.error) throw new Error(attempt.error);
    return;
  }
  if (!message.integration.slackBotToken || !message.recipientId) throw new SkipMessage("Slack disconnected");
  const reviewer = await getDb().user.findFirst({ where: { id: message.recipientId, companyId: message.companyId, deactivatedAt: null }, select: { email: true, preferredLanguage: true } });
  if (!reviewer) throw new SkipMessage("approver gone");
  const client = slackClient(openSlackToken(message.integration.slackBotToken));
  const found = await client.users.lookupByEmail({ email: reviewer.email }).catch((error: { data?: { error?: string } }) => {
    // An approver without a Slack account in this workspace keeps the e-mail alone.
    if (error.data?.error === "users_not_found") return null;
    throw error;
  });
  if (!found?.user?.id) throw new SkipMessage("approver not in Slack");
  const language = languageOr(reviewer.preferredLanguage);
  const content = slackRequestMessage(getT(language), language, chatRequestOf(request, language), appUrl);
  await client.chat.postMessage({ channel: found.user.id, ...content });
}

/** One pass over the due messages: each claimed, sent, and recorded (sent, retried on the webhooks' schedule, or failed). */
export async function deliverDueChatMessages(now = new Date()): Promise<{ sent: number; full: boolean }> {
  const db = getDb();
  const due = await db.chatMessage.findMany({
    where: { ...claimable(now), nextAttemptAt: { lte: now } },
    orderBy: { nextAttemptAt: "asc" },
    take: BATCH_SIZE,
    select: {
      id: true,
      target: true,
      companyId: true,
      vacationId: true,
      recipientId: true,
      attempts: true,
      createdAt: true,
      integration: { select: { slackBotToken: true, teamsWebhookUrl: true, connectedById: true } },
    },
  });
  let sent = 0;
  for (const message of due) {
    const claim = await db.chatMessage.updateMany({ where: { id: message.id, ...claimable(new Date()) }, data: { claimedAt: new Date() } });
    if (claim.count === 0) continue;
    const attempts = message.attempts + 1;
    try {
      await sendOne(message);
      await db.chatMessage.update({ where: { id: message.id }, data: { status: "sent", sentAt: new Date(), attempts, claimedAt: null } });
      sent++;
    } catch (error) {
      const lastError = String((error as Error).message ?? error).slice(0, 500);
      if (error instanceof SkipMessage) {
        await db.chatMessage.update({ where: { id: message.id }, data: { status: "sent", attempts, claimedAt: null, lastError } });
        continue;
      }
      const next = nextWebhookAttemptAt(message.createdAt, attempts);
      await db.chatMessage.update({ where: { id: message.id }, data: next ? { attempts, claimedAt: null, lastError, nextAttemptAt: next } : { attempts, claimedAt: null, lastError, status: "failed" } });
    }
  }
  return { sent, full: due.length === BATCH_SIZE };
}

let draining: Promise<number> | undefined;
let drainAgain = false;

/** Sends what is due; concurrent calls in this process share one pass. */
export function deliverPendingChat(): Promise<number> {
  if (draining) {
    drainAgain = true;
    return draining;
  }
  draining = (async () => {
    let sent = 0;
    let more = true;
    while (more || drainAgain) {
      drainAgain = false;
      const pass = await deliverDueChatMessages();
      sent += pass.sent;
      more = pass.full;
    }
    return sent;
  })()
    .catch((error) => {
      console.error("Chat delivery failed:", error);
      return 0;
    })
    .finally(() => {
      draining = undefined;
    });
  return draining;
}

/** Lets tests and shutdown wait for messages already on their way. */
export async function settleChat(): Promise<void> {
  while (draining) await draining;
}

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === "P2002";

/** Who is off today and tomorrow in a company, names only (a channel is read by everyone). */
async function whosOff(companyId: string, today: string) {
  const tomorrow = addDays(today, 1);
  const vacations = await getDb().vacation.findMany({
    where: { companyId, status: { in: [...BLOCKING_STATUSES] }, endDate: { gte: today }, startDate: { gte: earliestStartReaching(today), lte: tomorrow } },
    select: { startDate: true, endDate: true, status: true, user: { select: { fullName: true, name: true, email: true } } },
    orderBy: [{ startDate: "asc" }, { id: "asc" }],
  });
  const entry = (v: (typeof vacations)[number]): WhosOffEntry => ({ name: displayName(v.user), startDate: v.startDate, endDate: v.endDate, pending: v.status === "pending" });
  return {
    today,
    tomorrow,
    onToday: vacations.filter((v) => v.startDate <= today).map(entry),
    onTomorrow: vacations.filter((v) => v.startDate <= tomorrow && v.endDate >= tomorrow).map(entry),
  };
}

/**
 * The daily who's-off post of every chat whose company clock has passed its post time and that
 * has none for that day yet. The claim row is written before posting: a post that fails is not
 * repeated that day (a channel is better without a duplicate than with a late second copy).
 */
export async function runChatDailyPosts(now = new Date()): Promise<{ posted: number }> {
  const db = getDb();
  const chats = await db.chatIntegration.findMany({
    where: { OR: [{ slackChannel: { not: null }, slackBotToken: { not: null } }, { teamsWebhookUrl: { not: null } }] },
    select: { id: true, companyId: true, postTime: true, slackChannel: true, slackBotToken: true, teamsWebhookUrl: true, connectedById: true, company: { select: { timeZone: true } } },
  });
  let posted = 0;
  for (const chat of chats) {
    const local = zonedDateTime(now, chat.company.timeZone);
    if (!postDue(local.time, chat.postTime)) continue;
    const targets = [...(chat.slackChannel && chat.slackBotToken ? ["slack"] : []), ...(chat.teamsWebhookUrl ? ["teams"] : [])];
    let day: Awaited<ReturnType<typeof whosOff>> | undefined;
    for (const target of targets) {
      try {
        await db.chatDailyPost.create({ data: { integrationId: chat.id, target, date: local.date } });
      } catch (error) {
        // Another process claimed this chat's day first: it posts.
        if (isUniqueViolation(error)) continue;
        throw error;
      }
      day ??= await whosOff(chat.companyId, local.date);
      const language = await chatLanguage(chat.connectedById);
      const t = getT(language);
      try {
        if (target === "slack") {
          await slackClient(openSlackToken(chat.slackBotToken!)).chat.postMessage({ channel: chat.slackChannel!, ...slackDailyMessage(t, language, day) });
        } else {
          const attempt = await postJson(chat.teamsWebhookUrl!, JSON.stringify(teamsDailyCard(t, language, day, getEnv().APP_URL)), {}, getEnv().NODE_ENV === "production");
          if (attempt.error) throw new Error(attempt.error);
        }
        posted++;
      } catch (error) {
        console.error(`Daily ${target} post failed:`, error);
      }
    }
  }
  return { posted };
}

/** The server's timer: due messages (retries) and the daily posts; errors are logged, not fatal. */
export function scheduleChat(intervalMs = CHAT_POLL_MS) {
  const tick = () => {
    void deliverPendingChat();
    runChatDailyPosts().catch((error) => console.error("Chat daily post failed:", error));
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
