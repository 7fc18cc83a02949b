// The Integrations tab: signed outgoing webhooks (issue 43, decision 0084). The company's endpoints
// (address, events, whether on, the last delivery), a form to add one — its signing secret shown
// once in the answer, and again on request — and, for one endpoint (?endpoint=<id>), its settings,
// "send test event" and its delivery log. Deleting asks first (a dialog with JavaScript, a page step
// without). Every form is a plain POST, so all of it works without JavaScript.
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { ActionNotice } from "~/components/action-notice";
import { ConfirmationStep, ConfirmSubmitButton, type Confirmation } from "~/components/confirm";
import { CopyButton } from "~/components/copy-button";
import { DateText } from "~/components/date-text";
import { FormError } from "~/components/form-error";
import { messageValues } from "~/i18n";
import { createWebhookSchema, updateWebhookSchema } from "~/lib/schemas/webhooks";
import { MAX_WEBHOOK_URL_LENGTH, WEBHOOK_EVENTS, type WebhookEvent } from "~/lib/webhooks";
import { requireAdminUser } from "~/utils/auth.server";
import { withActionErrors, withPageErrors } from "~/utils/form-errors.server";
import { readFormData } from "~/utils/http.server";
import { tabPath } from "../_app.company-settings/tabs";
import { ChatSection, isChatReply, type ChatReplyData } from "./chat-section";
import { integrationsAction, loadIntegrationsTab, type SecretReply } from "./integrations.server";

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;
type EndpointRow = Loaded["endpoints"][number];
type Chosen = NonNullable<Loaded["chosen"]>;

const TAB_URL = tabPath("integrations");
const GROUPS = ["absence", "person", "balance"] as const;

export function loader({ request, context }: LoaderFunctionArgs) {
  return withPageErrors(async () => loadIntegrationsTab(await requireAdminUser({ request, context }), new URL(request.url)));
}

export function action({ request }: ActionFunctionArgs) {
  return withActionErrors(async () => {
    const viewer = await requireAdminUser(request);
    return integrationsAction(viewer, await readFormData(request));
  });
}

function useReply() {
  const actionData = useActionData<typeof action>() as SecretReply | undefined;
  const navigation = useNavigation();
  return { reply: navigation.state === "idle" ? actionData : undefined, busy: navigation.state !== "idle" };
}

export default function IntegrationsTab() {
  const { t } = useTranslation();
  const { endpoints, max, chosen, chat } = useLoaderData<typeof loader>();
  const { reply, busy } = useReply();
  const confirmation = (url: string): Confirmation => ({
    title: t("webhooks.confirm.title"),
    question: t("webhooks.confirm.question", { url }),
    confirm: t("webhooks.confirm.yes"),
    cancel: t("webhooks.confirm.no"),
  });
  const step = reply?.confirm;
  const stepEndpoint = step ? endpoints.find((endpoint) => endpoint.id === step.fields.endpointId) : undefined;
  const formAction = chosen ? `${TAB_URL}?endpoint=${encodeURIComponent(chosen.id)}` : TAB_URL;
  return (
    <div className="webhooks stack">
      <section className="card" aria-labelledby="webhooks-heading">
        <h2 id="webhooks-heading" className="card__title">
          {t("webhooks.title")}
        </h2>
        <p>{t("webhooks.intro")}</p>
        <p className="muted">{t("webhooks.signing")}</p>
      </section>
      <ActionNotice notice={isChatReply(reply as ChatReplyData | undefined) ? undefined : reply?.notice} />
      {step && stepEndpoint ? <ConfirmationStep fields={step.fields} confirmation={confirmation(stepEndpoint.url)} /> : null}
      {reply?.secret ? <Secret key={`${reply.secret.endpointId}-${reply.secret.created}`} secret={reply.secret} /> : null}
      {chosen ? (
        <EndpointDetails key={chosen.id} chosen={chosen} formAction={formAction} busy={busy} />
      ) : (
        <div className="settings-grid">
          <EndpointList endpoints={endpoints} max={max} confirmation={confirmation} busy={busy} />
          <CreateEndpoint full={endpoints.length >= max} max={max} busy={busy} />
        </div>
      )}
      {chosen ? null : <ChatSection chat={chat} reply={isChatReply(reply as ChatReplyData | undefined) ? (reply as ChatReplyData) : undefined} action={TAB_URL} busy={busy} />}
    </div>
  );
}

function StatusText({ enabled, reason }: { enabled: boolean; reason: string | null }) {
  const { t } = useTranslation();
  if (enabled) return <span className="webhooks__status webhooks__status--on">{t("webhooks.status.enabled")}</span>;
  return <span className="webhooks__status webhooks__status--off">{t(reason === "failing" ? "webhooks.status.failing" : "webhooks.status.manual")}</span>;
}

function EndpointList({ endpoints, max, confirmation, busy }: { endpoints: EndpointRow[]; max: number; confirmation: (url: string) => Confirmation; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby="webhooks-list-heading">
      <div className="card__header">
        <h2 id="webhooks-list-heading" className="card__title">
          {t("webhooks.list.title")}
        </h2>
        {endpoints.length ? <span className="muted">{t("webhooks.list.inUse", { count: endpoints.length, max })}</span> : null}
      </div>
      {endpoints.length === 0 ? (
        <div className="empty-state" data-testid="webhooks-empty">
          <p>{t("webhooks.list.empty")}</p>
        </div>
      ) : (
        <div className="table-wrap">
          <table className="table card-table webhooks-table">
            <thead>
              <tr>
                <th scope="col">{t("webhooks.list.url")}</th>
                <th scope="col">{t("webhooks.list.events")}</th>
                <th scope="col">{t("webhooks.list.lastDelivery")}</th>
                <th scope="col">
                  <span className="visually-hidden">{t("webhooks.list.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {endpoints.map((endpoint) => (
                <tr key={endpoint.id} data-testid="webhook-row">
                  <th scope="row" className="card-table__title card-table__wide">
                    <code className="webhooks__url">{endpoint.url}</code>
                    <StatusText enabled={endpoint.enabled} reason={endpoint.disabledReason} />
                  </th>
                  <td data-label={t("webhooks.list.events")}>{t("webhooks.list.eventsCount", { count: endpoint.events.length })}</td>
                  <td data-label={t("webhooks.list.lastDelivery")}>
                    {endpoint.lastDelivery ? (
                      <span>
                        {t(`webhooks.deliveryStatus.${endpoint.lastDelivery.status}`)} · <DateText date={endpoint.lastDelivery.at.date} /> {endpoint.lastDelivery.at.time}
                      </span>
                    ) : (
                      <span className="muted">{t("webhooks.list.never")}</span>
                    )}
                  </td>
                  <td className="card-table__actions webhooks__actions">
                    <Link to={`${TAB_URL}?endpoint=${encodeURIComponent(endpoint.id)}`} className="button button--small" aria-label={t("webhooks.list.manageNamed", { url: endpoint.url })}>
                      {t("webhooks.list.manage")}
                    </Link>
                    <Form method="post" action={TAB_URL} preventScrollReset>
                      <input type="hidden" name="endpointId" value={endpoint.id} />
                      <ConfirmSubmitButton
                        confirmation={confirmation(endpoint.url)}
                        name="intent"
                        value="webhooks.delete"
                        className="button button--small button--delete"
                        disabled={busy}
                        aria-label={t("webhooks.list.deleteNamed", { url: endpoint.url })}
                      >
                        {t("webhooks.list.delete")}
                      </ConfirmSubmitButton>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** The events as checkboxes, grouped as the spec lists them (absences, people, balances). */
function EventChoices({ name, chosen, errorId, errors }: { name: string; chosen: readonly WebhookEvent[]; errorId: string; errors?: string[] }) {
  const { t } = useTranslation();
  return (
    <fieldset className="fieldset webhooks__events" aria-describedby={errors?.length ? errorId : undefined}>
      <legend>{t("webhooks.form.events")}</legend>
      {GROUPS.map((group) => (
        <div key={group} className="webhooks__event-group">
          <p className="webhooks__event-group-title">{t(`webhooks.eventGroups.${group}`)}</p>
          {WEBHOOK_EVENTS.filter((event) => event.startsWith(`${group}.`)).map((event) => (
            <label key={event} className="checkbox-field">
              <input type="checkbox" name={name} value={event} defaultChecked={chosen.includes(event)} />
              <span>
                {t(`webhooks.events.${event}`)} <code className="muted">{event}</code>
              </span>
            </label>
          ))}
        </div>
      ))}
      {errors?.length ? (
        <span className="field__error" id={errorId} role="alert">
          {errors.map((error) => t(error)).join(" ")}
        </span>
      ) : null}
    </fieldset>
  );
}

function UrlField({ field, hintId, values }: { field: ReturnType<typeof useForm<Record<string, unknown>>>[1][string]; hintId: string; values?: Record<string, string> }) {
  const { t } = useTranslation();
  const error = field.errors?.length ? field.errors.map((key) => t(key, messageValues(values))).join(" ") : null;
  return (
    <div className="field">
      <label htmlFor={field.id}>{t("webhooks.form.url")}</label>
      <input
        {...getInputProps(field, { type: "url" })}
        key={field.key}
        maxLength={MAX_WEBHOOK_URL_LENGTH}
        autoComplete="off"
        inputMode="url"
        spellCheck={false}
        placeholder="https://"
        aria-describedby={error ? field.errorId : hintId}
      />
      {error ? (
        <span className="field__error" id={field.errorId} role="alert">
          {error}
        </span>
      ) : (
        <span className="field__hint" id={hintId}>
          {t("webhooks.form.urlHint")}
        </span>
      )}
    </div>
  );
}

function CreateEndpoint({ full, max, busy }: { full: boolean; max: number; busy: boolean }) {
  const { t } = useTranslation();
  const ids = useId();
  const reply = useActionData<typeof action>() as SecretReply | undefined;
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult: navigation.state === "idle" && reply?.result ? reply.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: createWebhookSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <section className="card" aria-labelledby="webhooks-create-heading">
      <h2 id="webhooks-create-heading" className="card__title">
        {t("webhooks.create.title")}
      </h2>
      {full ? (
        <p className="muted">{t("webhooks.create.limitReached", { max })}</p>
      ) : (
        <Form method="post" action={TAB_URL} className="stack" preventScrollReset {...getFormProps(form)}>
          <input type="hidden" name="intent" value="webhooks.create" />
          <FormError errors={form.errors} values={reply?.values} />
          <UrlField field={fields.url as never} hintId={`${ids}-url-hint`} values={reply?.values} />
          <EventChoices key={fields.events.key} name={fields.events.name} chosen={[]} errorId={fields.events.errorId} errors={fields.events.errors} />
          <button type="submit" className="button button--primary" disabled={busy}>
            {t("webhooks.create.submit")}
          </button>
        </Form>
      )}
    </section>
  );
}

function EndpointDetails({ chosen, formAction, busy }: { chosen: Chosen; formAction: string; busy: boolean }) {
  const { t } = useTranslation();
  const ids = useId();
  const reply = useActionData<typeof action>() as SecretReply | undefined;
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult: navigation.state === "idle" && reply?.result ? reply.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: updateWebhookSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: { url: chosen.url },
  });
  return (
    <>
      <p>
        <Link to={TAB_URL}>← {t("webhooks.details.back")}</Link>
      </p>
      {/* The log's five columns need the width: settings above it, not beside. */}
      <div className="stack">
        <section className="card" aria-labelledby="webhook-edit-heading">
          <div className="card__header">
            <h2 id="webhook-edit-heading" className="card__title">
              {t("webhooks.details.title")}
            </h2>
            <StatusText enabled={chosen.enabled} reason={chosen.disabledReason} />
          </div>
          {chosen.disabledReason === "failing" && chosen.disabledAt ? (
            <p className="notice notice--error" data-testid="webhook-failing">
              {t("webhooks.details.failing")} <DateText date={chosen.disabledAt.date} /> {chosen.disabledAt.time}
            </p>
          ) : null}
          <Form method="post" action={formAction} className="stack" preventScrollReset {...getFormProps(form)}>
            <input type="hidden" name="intent" value="webhooks.update" />
            <input type="hidden" name="endpointId" value={chosen.id} />
            <FormError errors={form.errors} values={reply?.values} />
            <UrlField field={fields.url as never} hintId={`${ids}-url-hint`} values={reply?.values} />
            <EventChoices key={fields.events.key} name={fields.events.name} chosen={chosen.events} errorId={fields.events.errorId} errors={fields.events.errors} />
            <label className="checkbox-field">
              <input type="checkbox" name="enabled" value="on" defaultChecked={chosen.enabled} key={`${chosen.enabled}`} />
              <span>
                {t("webhooks.details.enabled")}
                <span className="field__hint">{t("webhooks.details.enabledHint")}</span>
              </span>
            </label>
            <button type="submit" className="button button--primary" disabled={busy}>
              {t("webhooks.details.save")}
            </button>
          </Form>
          <div className="webhooks__row-actions">
            <Form method="post" action={formAction} preventScrollReset>
              <input type="hidden" name="endpointId" value={chosen.id} />
              <button type="submit" name="intent" value="webhooks.test" className="button" disabled={busy || !chosen.enabled}>
                {t("webhooks.details.test")}
              </button>
            </Form>
            <Form method="post" action={formAction} preventScrollReset>
              <input type="hidden" name="endpointId" value={chosen.id} />
              <button type="submit" name="intent" value="webhooks.reveal" className="button" disabled={busy}>
                {t("webhooks.details.reveal")}
              </button>
            </Form>
          </div>
          {chosen.enabled ? null : <p className="field__hint">{t("webhooks.details.testNeedsEnabled")}</p>}
        </section>
        <DeliveryLog chosen={chosen} />
      </div>
    </>
  );
}

function DeliveryLog({ chosen }: { chosen: Chosen }) {
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby="webhook-log-heading">
      <div className="card__header">
        <h2 id="webhook-log-heading" className="card__title">
          {t("webhooks.log.title")}
        </h2>
        <Link to={`${TAB_URL}?endpoint=${encodeURIComponent(chosen.id)}`} className="button button--small" preventScrollReset>
          {t("webhooks.log.refresh")}
        </Link>
      </div>
      {chosen.deliveries.length === 0 ? (
        <div className="empty-state" data-testid="webhook-log-empty">
          <p>{t("webhooks.log.empty")}</p>
        </div>
      ) : (
        <div className="table-wrap">
          <table className="table card-table webhooks-log">
            <thead>
              <tr>
                <th scope="col">{t("webhooks.log.event")}</th>
                <th scope="col">{t("webhooks.log.when")}</th>
                <th scope="col">{t("webhooks.log.status")}</th>
                <th scope="col">{t("webhooks.log.response")}</th>
                <th scope="col">{t("webhooks.log.attempts")}</th>
              </tr>
            </thead>
            <tbody>
              {chosen.deliveries.map((delivery) => (
                <tr key={delivery.id} data-testid="webhook-delivery">
                  <th scope="row" className="card-table__title card-table__wide">
                    <code>{delivery.event}</code>
                  </th>
                  <td data-label={t("webhooks.log.when")}>
                    <span>
                      <DateText date={delivery.at.date} /> {delivery.at.time}
                    </span>
                  </td>
                  <td data-label={t("webhooks.log.status")}>
                    <span className={`webhooks__delivery webhooks__delivery--${delivery.status}`}>{t(`webhooks.deliveryStatus.${delivery.status}`)}</span>
                    {delivery.next ? (
                      <span className="field__hint">
                        {t("webhooks.log.next")} <DateText date={delivery.next.date} /> {delivery.next.time}
                      </span>
                    ) : null}
                  </td>
                  <td data-label={t("webhooks.log.response")}>
                    {delivery.attempts === 0 ? (
                      <span className="muted">—</span>
                    ) : (
                      <>
                        {delivery.code ? `HTTP ${delivery.code}` : t("webhooks.log.noAnswer")}
                        {delivery.durationMs !== null ? <span className="muted"> · {t("webhooks.log.duration", { ms: delivery.durationMs })}</span> : null}
                        {delivery.error && !delivery.code ? <span className="field__hint webhooks__error">{delivery.error}</span> : null}
                      </>
                    )}
                  </td>
                  <td data-label={t("webhooks.log.attempts")}>{delivery.attempts}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** The signing secret, in the one answer that holds it. */
function Secret({ secret }: { secret: NonNullable<SecretReply["secret"]> }) {
  const { t } = useTranslation();
  const ids = useId();
  const card = useRef<HTMLElement>(null);
  useEffect(() => {
    card.current?.scrollIntoView?.({ block: "nearest" });
    card.current?.focus();
  }, [secret.value]);
  return (
    <section ref={card} tabIndex={-1} className="card api-tokens__issued" aria-labelledby={`${ids}-title`} data-testid="webhook-secret">
      <h2 id={`${ids}-title`} className="card__title">
        {t(secret.created ? "webhooks.secret.createdTitle" : "webhooks.secret.title")}
      </h2>
      <p>
        <code className="webhooks__url">{secret.url}</code>
      </p>
      <p className="api-tokens__once">{t("webhooks.secret.keep")}</p>
      <div className="api-tokens__secret-row">
        <label className="field api-tokens__secret-field">
          <span>{t("webhooks.secret.label")}</span>
          <input type="text" readOnly value={secret.value} onFocus={(event) => event.currentTarget.select()} spellCheck={false} autoComplete="off" data-testid="webhook-secret-value" />
        </label>
        <CopyButton text={secret.value} copyLabel={t("webhooks.secret.copy")} copiedLabel={t("webhooks.secret.copied")} testId="webhook-secret-copy" />
      </div>
      <p className="muted">{t("webhooks.secret.usage")}</p>
    </section>
  );
}
