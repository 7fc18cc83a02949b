// Slack and Microsoft Teams (issue 43, decision 0094): a company's chat connections, managed by
// its admins on the Integrations tab and audited, and Slack's Approve / Reject clicks. A click is
// trusted only with Slack's signature, belongs to the company that installed the workspace, and
// decides as the company member with the clicking Slack user's e-mail, through the same
// decideVacation the screens use (roles, review scope and tenant rules apply).
import { languageOr } from "~/i18n";
import { isPostTime, normalizeSlackChannel, slackDecidedMessage, slackDecisionOf } from "~/lib/chat";
import { webhookUrlProblem } from "~/lib/webhook-address";
import { displayName } from "~/lib/people";
import { recordAudit } from "~/utils/audit.server";
import { loadViewer } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { AppError } from "~/utils/errors.server";
import { getT } from "~/utils/i18n.server";
import {
  openSlackToken,
  readSlackInstallState,
  sealSlackToken,
  SLACK_AUTHORIZE_URL,
  SLACK_SCOPES,
  slackClient,
  slackConfigured,
  slackInstallState,
  verifySlackSignature,
} from "~/utils/slack.server";
import { requireAdmin, type Viewer } from "~/utils/permissions.server";
import { chatRequestOf } from "./chat-delivery.server";
import { loadRequest } from "./vacation-notify.server";
import { decideVacation } from "./vacation.server";

export const SLACK_CALLBACK_PATH = "/integrations/slack/callback";

/** What the Integrations tab shows: never the bot token, nor the Teams address in full. */
export async function getChatSettings(viewer: Viewer) {
  requireAdmin(viewer);
  const row = await getDb().chatIntegration.findUnique({
    where: { companyId: viewer.companyId },
    select: { slackTeamName: true, slackBotToken: true, slackChannel: true, teamsWebhookUrl: true, postTime: true },
  });
  return {
    slackAvailable: slackConfigured(),
    slack: row?.slackBotToken ? { teamName: row.slackTeamName ?? "", channel: row.slackChannel } : null,
    // The address is a secret of its own (anyone holding it posts to the channel): only its host is shown.
    teams: row?.teamsWebhookUrl ? { host: new URL(row.teamsWebhookUrl).host } : null,
    postTime: row?.postTime ?? null,
  };
}

/** Where "Add to Slack" leads: Slack's consent screen, with a state bound to this admin and company. */
export function slackInstallUrl(viewer: Viewer): string {
  requireAdmin(viewer);
  if (!slackConfigured()) throw new AppError(404, "not_found", "chat.errors.slackOff");
  const env = getEnv();
  const url = new URL(SLACK_AUTHORIZE_URL);
  url.searchParams.set("client_id", env.SLACK_CLIENT_ID!);
  url.searchParams.set("scope", SLACK_SCOPES.join(","));
  url.searchParams.set("redirect_uri", `${env.APP_URL}${SLACK_CALLBACK_PATH}`);
  url.searchParams.set("state", slackInstallState(viewer.companyId, viewer.userId));
  return url.toString();
}

/** Slack's redirect back: the code is exchanged for the bot token (oauth.v2.access), which is stored sealed. */
export async function completeSlackInstall(viewer: Viewer, input: { code: string | null; state: string | null; error: string | null }) {
  requireAdmin(viewer);
  if (!slackConfigured()) throw new AppError(404, "not_found", "chat.errors.slackOff");
  if (input.error) throw new AppError(400, "slack_denied", "chat.errors.denied");
  const state = input.state ? readSlackInstallState(input.state) : null;
  // An install another admin (or another company) started cannot be finished here.
  if (!state || state.companyId !== viewer.companyId || state.userId !== viewer.userId) throw new AppError(400, "slack_state", "chat.errors.state");
  if (!input.code || input.code.length > 500) throw new AppError(400, "slack_code", "chat.errors.state");
  const env = getEnv();
  let access;
  try {
    access = await slackClient().oauth.v2.access({ client_id: env.SLACK_CLIENT_ID!, client_secret: env.SLACK_CLIENT_SECRET!, code: input.code, redirect_uri: `${env.APP_URL}${SLACK_CALLBACK_PATH}` });
  } catch {
    throw new AppError(502, "slack_failed", "chat.errors.exchange");
  }
  const teamId = access.team?.id;
  const token = access.access_token;
  if (!teamId || !token) throw new AppError(502, "slack_failed", "chat.errors.exchange");
  const teamName = access.team?.name ?? teamId;
  const { companyId } = viewer;
  await getDb().$transaction(async (tx) => {
    const taken = await tx.chatIntegration.findFirst({ where: { slackTeamId: teamId, companyId: { not: companyId } }, select: { id: true } });
    // One workspace, one company: a click must name the company it acts in.
    if (taken) throw new AppError(409, "slack_taken", "chat.errors.teamTaken");
    const slack = { slackTeamId: teamId, slackTeamName: teamName, slackBotToken: sealSlackToken(token), connectedById: viewer.userId };
    const row = await tx.chatIntegration.upsert({ where: { companyId }, create: { companyId, ...slack }, update: slack, select: { id: true } });
    await recordAudit({ companyId, actorId: viewer.userId, action: "chat.slack_connected", entity: "chat", entityId: row.id, details: { workspace: teamName } }, tx);
  });
  return { teamName };
}

/** The daily post: Slack's channel (id or #name; empty: none) and the local time it goes out. */
export async function updateChatDailyPost(viewer: Viewer, input: { slackChannel: string; postTime: string }) {
  requireAdmin(viewer);
  if (!isPostTime(input.postTime)) throw new AppError(400, "validation_failed", "chat.validation.postTime", { fields: { postTime: "chat.validation.postTime" } });
  const channel = input.slackChannel.trim() === "" ? null : normalizeSlackChannel(input.slackChannel);
  if (channel === null && input.slackChannel.trim() !== "") throw new AppError(400, "validation_failed", "chat.validation.channel", { fields: { slackChannel: "chat.validation.channel" } });
  const { companyId } = viewer;
  await getDb().$transaction(async (tx) => {
    const before = await tx.chatIntegration.findUnique({ where: { companyId }, select: { id: true, slackChannel: true, postTime: true, slackBotToken: true, teamsWebhookUrl: true } });
    if (!before || (!before.slackBotToken && !before.teamsWebhookUrl)) throw new AppError(409, "chat_off", "chat.errors.nothingConnected");
    const slackChannel = before.slackBotToken ? channel : null;
    if (before.slackChannel === slackChannel && before.postTime === input.postTime) return;
    await tx.chatIntegration.update({ where: { id: before.id }, data: { slackChannel, postTime: input.postTime } });
    const details: Record<string, unknown> = {};
    if (before.slackChannel !== slackChannel) details.channel = { old: before.slackChannel, new: slackChannel };
    if (before.postTime !== input.postTime) details.post_time = { old: before.postTime, new: input.postTime };
    await recordAudit({ companyId, actorId: viewer.userId, action: "chat.updated", entity: "chat", entityId: before.id, details }, tx);
  });
}

/** A Teams incoming webhook: an HTTPS address under the webhook rules (no private addresses in production). */
export async function connectTeams(viewer: Viewer, url: string) {
  requireAdmin(viewer);
  const problem = webhookUrlProblem(url, getEnv().NODE_ENV === "production");
  if (problem) throw new AppError(400, "validation_failed", problem, { fields: { teamsUrl: problem } });
  const { companyId } = viewer;
  await getDb().$transaction(async (tx) => {
    const row = await tx.chatIntegration.upsert({
      where: { companyId },
      create: { companyId, teamsWebhookUrl: url, connectedById: viewer.userId },
      update: { teamsWebhookUrl: url },
      select: { id: true },
    });
    await recordAudit({ companyId, actorId: viewer.userId, action: "chat.teams_connected", entity: "chat", entityId: row.id, details: { host: new URL(url).host } }, tx);
  });
}

/** Forgets the workspace (its token and channel) or the Teams address; messages still waiting for it are dropped. */
export async function disconnectChat(viewer: Viewer, target: "slack" | "teams") {
  requireAdmin(viewer);
  const { companyId } = viewer;
  await getDb().$transaction(async (tx) => {
    const row = await tx.chatIntegration.findUnique({ where: { companyId }, select: { id: true, slackBotToken: true, slackTeamName: true, teamsWebhookUrl: true } });
    const connected = target === "slack" ? row?.slackBotToken : row?.teamsWebhookUrl;
    if (!row || !connected) throw new AppError(404, "not_found", "chat.errors.notConnected");
    await tx.chatIntegration.update({
      where: { id: row.id },
      data: target === "slack" ? { slackTeamId: null, slackTeamName: null, slackBotToken: null, slackChannel: null } : { teamsWebhookUrl: null },
    });
    await tx.chatMessage.deleteMany({ where: { integrationId: row.id, target, status: "pending" } });
    await recordAudit(
      {
        companyId,
        actorId: viewer.userId,
        action: target === "slack" ? "chat.slack_disconnected" : "chat.teams_disconnected",
        entity: "chat",
        entityId: row.id,
        details: target === "slack" ? { workspace: row.slackTeamName } : { host: new URL(row.teamsWebhookUrl!).host },
      },
      tx,
    );
  });
}

export interface InteractionAnswer {
  status: number;
  /** What happened, for the log and tests: approved, rejected, or why nothing was. */
  outcome: string;
}

interface BlockActions {
  type?: string;
  team?: { id?: string };
  user?: { id?: string };
  actions?: { action_id?: string; value?: string }[];
  container?: { channel_id?: string; message_ts?: string };
  channel?: { id?: string };
  message?: { ts?: string };
}

function parsePayload(body: string): BlockActions | null {
  try {
    const payload = new URLSearchParams(body).get("payload");
    const value: unknown = payload ? JSON.parse(payload) : null;
    return value && typeof value === "object" ? (value as BlockActions) : null;
  } catch {
    return null;
  }
}

/**
 * A click on Approve or Reject. Refused (401) unless Slack signed the raw body within five minutes;
 * a workspace no company installed is a 404. Every other refusal (a Slack user who is nobody
 * here, or not allowed to decide this request, or a request decided already) is told to the
 * clicker alone (an ephemeral message) with a 200, as Slack expects.
 */
export async function handleSlackInteraction(body: string, headers: { timestamp: string | null; signature: string | null }, now = Date.now()): Promise<InteractionAnswer> {
  const secret = getEnv().SLACK_SIGNING_SECRET;
  if (!secret) return { status: 404, outcome: "slack_off" };
  const verdict = verifySlackSignature(body, headers.timestamp, headers.signature, secret, now);
  if (verdict !== "ok") return { status: 401, outcome: verdict === "stale" ? "stale_timestamp" : "bad_signature" };
  const payload = parsePayload(body);
  if (!payload || payload.type !== "block_actions") return { status: 200, outcome: "ignored" };
  const action = payload.actions?.[0];
  const decision = slackDecisionOf(action?.action_id);
  // The "open" link button also reports a click: nothing to do.
  if (!decision) return { status: 200, outcome: "ignored" };
  const teamId = payload.team?.id;
  const slackUserId = payload.user?.id;
  const vacationId = action?.value;
  if (!teamId || !slackUserId || !vacationId || vacationId.length > 100) return { status: 400, outcome: "bad_payload" };
  const db = getDb();
  const chat = await db.chatIntegration.findUnique({ where: { slackTeamId: teamId }, select: { companyId: true, slackBotToken: true } });
  if (!chat?.slackBotToken) return { status: 404, outcome: "unknown_team" };
  const { companyId } = chat;
  const client = slackClient(openSlackToken(chat.slackBotToken));
  const channel = payload.container?.channel_id ?? payload.channel?.id;
  const ts = payload.container?.message_ts ?? payload.message?.ts;
  const tell = async (language: string, key: string) => {
    if (channel) await client.chat.postEphemeral({ channel, user: slackUserId, text: getT(languageOr(language))(key) }).catch(() => undefined);
  };
  const info = await client.users.info({ user: slackUserId }).catch(() => null);
  const email = info?.user?.profile?.email?.toLowerCase();
  const person = email ? await db.user.findFirst({ where: { companyId, email, deactivatedAt: null }, select: { id: true, preferredLanguage: true, fullName: true, name: true, email: true } }) : null;
  if (!person) {
    await tell("pt", "chat.interaction.unknownPerson");
    return { status: 200, outcome: "unknown_person" };
  }
  const language = languageOr(person.preferredLanguage);
  const viewer = await loadViewer(person.id, companyId);
  if (!viewer) {
    await tell(language, "chat.interaction.unknownPerson");
    return { status: 200, outcome: "unknown_person" };
  }
  const decided = decision === "approve" ? "approved" : "rejected";
  try {
    await decideVacation(viewer, vacationId, decided);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    await tell(language, error.status === 409 ? "chat.interaction.notPending" : "chat.interaction.notAllowed");
    return { status: 200, outcome: error.code };
  }
  if (channel && ts) {
    const request = await loadRequest(companyId, vacationId);
    const message = slackDecidedMessage(getT(language), language, chatRequestOf(request, language), decided, displayName(person));
    await client.chat.update({ channel, ts, ...message }).catch((error) => console.error("Slack message update failed:", error));
  }
  return { status: 200, outcome: decided };
}
