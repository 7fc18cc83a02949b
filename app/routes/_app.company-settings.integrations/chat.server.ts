// The Integrations tab's Slack and Teams part (intents "chat.*", decision 0094): what it shows and
// the forms that set the daily post, connect Teams and disconnect either (asked first). Connecting
// Slack is a link to /integrations/slack/install, which comes back here with ?slack=<outcome>.
import { data } from "@remix-run/node";
import { connectTeams, disconnectChat, getChatSettings, updateChatDailyPost } from "~/models/chat.server";
import type { SignedInViewer } from "~/utils/auth.server";
import { confirmationStep, needsConfirmation } from "~/utils/confirmation.server";
import { AppError } from "~/utils/errors.server";
import { noticeOf, type ActionReply } from "~/utils/form-errors.server";
import type { Notice } from "~/components/action-notice";

/** The outcomes the Slack callback reports, as notices; anything else in the address is ignored. */
const SLACK_OUTCOMES: Record<string, Notice> = {
  connected: { tone: "success", key: "chat.notices.slackConnected" },
  slack_denied: { tone: "error", key: "chat.errors.denied" },
  slack_state: { tone: "error", key: "chat.errors.state" },
  slack_code: { tone: "error", key: "chat.errors.state" },
  slack_failed: { tone: "error", key: "chat.errors.exchange" },
  slack_taken: { tone: "error", key: "chat.errors.teamTaken" },
};

export async function loadChatPart(viewer: SignedInViewer, url: URL) {
  const settings = await getChatSettings(viewer);
  const outcome = url.searchParams.get("slack");
  const notice = outcome && Object.hasOwn(SLACK_OUTCOMES, outcome) ? SLACK_OUTCOMES[outcome]! : null;
  return { ...settings, notice: notice && notice.key === "chat.notices.slackConnected" ? { ...notice, values: { name: settings.slack?.teamName ?? "" } } : notice };
}

export interface ChatReply extends ActionReply {
  chatErrors?: Record<string, string>;
}

function text(formData: FormData, name: string): string {
  const value = formData.get(name);
  return typeof value === "string" ? value.slice(0, 2100) : "";
}

/** Field errors stay beside their fields (chatErrors); other refusals are a notice. */
function refusal(error: unknown, failedKey: string) {
  if (!(error instanceof AppError)) throw error;
  if (Object.keys(error.fields).length) return data<ChatReply>({ chatErrors: error.fields }, { status: error.status });
  return data<ChatReply>({ notice: noticeOf(error, failedKey) }, { status: error.status });
}

export async function chatAction(viewer: SignedInViewer, formData: FormData) {
  switch (formData.get("intent")) {
    case "chat.daily":
      try {
        await updateChatDailyPost(viewer, { slackChannel: text(formData, "slackChannel"), postTime: text(formData, "postTime") });
        return data<ChatReply>({ notice: { tone: "success", key: "chat.notices.updated" } });
      } catch (error) {
        return refusal(error, "chat.errors.failed");
      }
    case "chat.teams":
      try {
        await connectTeams(viewer, text(formData, "teamsUrl").trim());
        return data<ChatReply>({ notice: { tone: "success", key: "chat.notices.teamsConnected" } });
      } catch (error) {
        return refusal(error, "chat.errors.failed");
      }
    case "chat.disconnect": {
      const target = formData.get("target");
      if (target !== "slack" && target !== "teams") throw new AppError(400, "unknown_intent", "errors.invalidBody");
      try {
        // Nothing connected is refused before any question is asked.
        const settings = await getChatSettings(viewer);
        if (!settings[target]) throw new AppError(404, "not_found", "chat.errors.notConnected");
        if (needsConfirmation(formData)) return confirmationStep(formData);
        await disconnectChat(viewer, target);
        return data<ChatReply>({ notice: { tone: "success", key: target === "slack" ? "chat.notices.slackDisconnected" : "chat.notices.teamsDisconnected" } });
      } catch (error) {
        return refusal(error, "chat.errors.failed");
      }
    }
    default:
      return null;
  }
}
