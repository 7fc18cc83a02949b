// Slack and Microsoft Teams on the Integrations tab (decision 0094): connect (Slack through its
// consent screen, a plain link; Teams by pasting an incoming webhook address), the daily post's
// channel and time, and disconnecting, asked first (a dialog with JavaScript, a page step without).
import { Form } from "@remix-run/react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { ActionNotice, type Notice } from "~/components/action-notice";
import { ConfirmationStep, ConfirmSubmitButton, type Confirmation } from "~/components/confirm";
import { DEFAULT_POST_TIME } from "~/lib/chat";
import { MAX_WEBHOOK_URL_LENGTH } from "~/lib/webhooks";

export interface ChatPart {
  slackAvailable: boolean;
  slack: { teamName: string; channel: string | null } | null;
  teams: { host: string } | null;
  postTime: string | null;
  notice: Notice | null;
}

export interface ChatReplyData {
  notice?: Notice | null;
  chatErrors?: Record<string, string>;
  confirm?: { fields: Record<string, string> };
}

/** Whether an action's answer belongs to this section (the webhooks above have their own). */
export function isChatReply(reply: ChatReplyData | undefined): boolean {
  return Boolean(reply && (reply.notice?.key.startsWith("chat.") || reply.chatErrors || reply.confirm?.fields.intent === "chat.disconnect"));
}

function FieldError({ id, error }: { id: string; error?: string }) {
  const { t } = useTranslation();
  return error ? (
    <span className="field__error" id={id} role="alert">
      {t(error)}
    </span>
  ) : null;
}

export function ChatSection({ chat, reply, action, busy }: { chat: ChatPart; reply: ChatReplyData | undefined; action: string; busy: boolean }) {
  const { t } = useTranslation();
  const ids = useId();
  const errors = reply?.chatErrors ?? {};
  const confirmation = (target: "slack" | "teams"): Confirmation => ({
    title: t(target === "slack" ? "chat.confirm.slackTitle" : "chat.confirm.teamsTitle"),
    question: t(target === "slack" ? "chat.confirm.slackQuestion" : "chat.confirm.teamsQuestion"),
    confirm: t("chat.confirm.yes"),
    cancel: t("chat.confirm.no"),
  });
  const step = reply?.confirm?.fields.intent === "chat.disconnect" ? reply.confirm : undefined;
  const stepTarget = step?.fields.target === "teams" ? "teams" : "slack";
  const connected = Boolean(chat.slack || chat.teams);
  return (
    <section className="card stack" aria-labelledby={`${ids}-title`} data-testid="chat-integrations">
      <h2 id={`${ids}-title`} className="card__title">
        {t("chat.title")}
      </h2>
      <p>{t("chat.intro")}</p>
      <ActionNotice notice={reply?.notice ?? (reply ? null : chat.notice)} />
      {step ? <ConfirmationStep fields={step.fields} confirmation={confirmation(stepTarget)} /> : null}
      <div className="settings-grid">
        <div className="stack" data-testid="chat-slack">
          <h3>{t("chat.slack.title")}</h3>
          {chat.slack ? (
            <>
              <p data-testid="chat-slack-connected">{t("chat.slack.connectedTo", { name: chat.slack.teamName })}</p>
              <Form method="post" action={action} preventScrollReset>
                <input type="hidden" name="target" value="slack" />
                <ConfirmSubmitButton confirmation={confirmation("slack")} name="intent" value="chat.disconnect" className="button button--delete" disabled={busy}>
                  {t("chat.slack.disconnect")}
                </ConfirmSubmitButton>
              </Form>
            </>
          ) : chat.slackAvailable ? (
            <>
              <p className="muted">{t("chat.slack.connectHint")}</p>
              <p>
                {/* A document navigation, not a client-side one: it leaves for Slack. */}
                <a href="/integrations/slack/install" className="button button--primary" data-testid="chat-slack-connect">
                  {t("chat.slack.connect")}
                </a>
              </p>
            </>
          ) : (
            <p className="muted" data-testid="chat-slack-off">
              {t("chat.slack.notOffered")}
            </p>
          )}
        </div>
        <div className="stack" data-testid="chat-teams">
          <h3>{t("chat.teams.title")}</h3>
          {chat.teams ? (
            <>
              <p data-testid="chat-teams-connected">{t("chat.teams.connectedTo", { host: chat.teams.host })}</p>
              <Form method="post" action={action} preventScrollReset>
                <input type="hidden" name="target" value="teams" />
                <ConfirmSubmitButton confirmation={confirmation("teams")} name="intent" value="chat.disconnect" className="button button--delete" disabled={busy}>
                  {t("chat.teams.disconnect")}
                </ConfirmSubmitButton>
              </Form>
            </>
          ) : (
            <Form method="post" action={action} className="stack" preventScrollReset>
              <p className="muted">{t("chat.teams.intro")}</p>
              <div className="field">
                <label htmlFor={`${ids}-teams`}>{t("chat.teams.url")}</label>
                <input
                  id={`${ids}-teams`}
                  name="teamsUrl"
                  type="url"
                  required
                  maxLength={MAX_WEBHOOK_URL_LENGTH}
                  autoComplete="off"
                  spellCheck={false}
                  placeholder="https://"
                  aria-invalid={errors.teamsUrl ? true : undefined}
                  aria-describedby={errors.teamsUrl ? `${ids}-teams-error` : `${ids}-teams-hint`}
                />
                {errors.teamsUrl ? (
                  <FieldError id={`${ids}-teams-error`} error={errors.teamsUrl} />
                ) : (
                  <span className="field__hint" id={`${ids}-teams-hint`}>
                    {t("chat.teams.urlHint")}
                  </span>
                )}
              </div>
              <button type="submit" name="intent" value="chat.teams" className="button" disabled={busy}>
                {t("chat.teams.connect")}
              </button>
            </Form>
          )}
        </div>
      </div>
      <div className="stack" data-testid="chat-daily">
        <h3>{t("chat.dailyPost.title")}</h3>
        {connected ? (
          <Form method="post" action={action} className="stack" preventScrollReset key={`${chat.slack?.channel}-${chat.postTime}`}>
            <p className="muted">{t("chat.dailyPost.intro")}</p>
            {chat.slack ? (
              <div className="field">
                <label htmlFor={`${ids}-channel`}>{t("chat.dailyPost.channel")}</label>
                <input
                  id={`${ids}-channel`}
                  name="slackChannel"
                  type="text"
                  maxLength={81}
                  defaultValue={chat.slack.channel ?? ""}
                  autoComplete="off"
                  spellCheck={false}
                  placeholder="#general"
                  aria-invalid={errors.slackChannel ? true : undefined}
                  aria-describedby={errors.slackChannel ? `${ids}-channel-error` : `${ids}-channel-hint`}
                />
                {errors.slackChannel ? (
                  <FieldError id={`${ids}-channel-error`} error={errors.slackChannel} />
                ) : (
                  <span className="field__hint" id={`${ids}-channel-hint`}>
                    {t("chat.dailyPost.channelHint")}
                  </span>
                )}
              </div>
            ) : null}
            <div className="field">
              <label htmlFor={`${ids}-time`}>{t("chat.dailyPost.time")}</label>
              <input
                id={`${ids}-time`}
                name="postTime"
                type="time"
                required
                defaultValue={chat.postTime ?? DEFAULT_POST_TIME}
                aria-invalid={errors.postTime ? true : undefined}
                aria-describedby={errors.postTime ? `${ids}-time-error` : undefined}
              />
              <FieldError id={`${ids}-time-error`} error={errors.postTime} />
            </div>
            <button type="submit" name="intent" value="chat.daily" className="button button--primary" disabled={busy}>
              {t("chat.dailyPost.save")}
            </button>
          </Form>
        ) : (
          <p className="muted">{t("chat.dailyPost.needsConnection")}</p>
        )}
      </div>
    </section>
  );
}
