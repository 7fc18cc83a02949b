// The API tokens tab: the company's tokens in use (name, access, who made it and when, last use),
// creating one — its secret shown once, in the answer to the POST, with a copy button when
// JavaScript runs and as selectable text without — and revoking one (asked first, a dialog with
// JavaScript, a page step without). docs/decisions/0033-api-tokens-and-idempotency.md
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { ActionNotice } from "~/components/action-notice";
import { ConfirmationStep, ConfirmSubmitButton, type Confirmation } from "~/components/confirm";
import { CopyButton } from "~/components/copy-button";
import { DateText } from "~/components/date-text";
import { messageValues } from "~/i18n";
import { parseWithZod } from "@conform-to/zod/v4";
import { createApiTokenSchema, MAX_API_TOKEN_NAME_LENGTH } from "~/lib/schemas/api-tokens";
import { requireAdminUser } from "~/utils/auth.server";
import { withActionErrors, withPageErrors } from "~/utils/form-errors.server";
import { readFormData } from "~/utils/http.server";
import { tabPath } from "../_app.company-settings/tabs";
import { apiTokensAction, loadApiTokensTab, type IssuedTokenReply } from "./api-tokens.server";

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;
type TokenRow = Loaded["tokens"][number];

const TAB_URL = tabPath("api-tokens");
const ROLES = ["read", "admin"] as const;

export function loader({ request, context }: LoaderFunctionArgs) {
  return withPageErrors(async () => loadApiTokensTab(await requireAdminUser({ request, context })));
}

export function action({ request }: ActionFunctionArgs) {
  return withActionErrors(async () => {
    const viewer = await requireAdminUser(request);
    return apiTokensAction(viewer, await readFormData(request));
  });
}

export default function ApiTokensTab() {
  const { t } = useTranslation();
  const { tokens, max, apiUrl } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as IssuedTokenReply | undefined;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const confirmation = (name: string): Confirmation => ({
    title: t("apiTokens.confirm.title"),
    question: t("apiTokens.confirm.question", { name }),
    confirm: t("apiTokens.confirm.yes"),
    cancel: t("apiTokens.confirm.no"),
  });
  const step = reply?.confirm;
  const stepToken = step ? tokens.find((token) => token.id === step.fields.tokenId) : undefined;
  return (
    <div className="api-tokens stack">
      <section className="card api-tokens__intro" aria-labelledby="api-tokens-heading">
        <h2 id="api-tokens-heading" className="card__title">
          {t("apiTokens.title")}
        </h2>
        <p>{t("apiTokens.intro")}</p>
        <p className="muted">{t("apiTokens.identity")}</p>
      </section>
      {/* Field errors of the create form show by its fields; every other answer here. */}
      <ActionNotice notice={reply?.notice} />
      {step && stepToken ? <ConfirmationStep fields={step.fields} confirmation={confirmation(stepToken.name)} /> : null}
      {reply?.issued ? <IssuedToken key={reply.issued.id} issued={reply.issued} apiUrl={apiUrl} /> : null}
      <div className="settings-grid">
        <TokenList tokens={tokens} max={max} confirmation={confirmation} busy={busy} />
        <CreateToken full={tokens.length >= max} max={max} busy={busy} />
      </div>
    </div>
  );
}

function TokenList({ tokens, max, confirmation, busy }: { tokens: TokenRow[]; max: number; confirmation: (name: string) => Confirmation; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby="api-tokens-list-heading">
      <div className="card__header">
        <h2 id="api-tokens-list-heading" className="card__title">
          {t("apiTokens.list.title")}
        </h2>
        {tokens.length ? <span className="muted">{t("apiTokens.list.inUse", { count: tokens.length, max })}</span> : null}
      </div>
      {tokens.length === 0 ? (
        <div className="empty-state" data-testid="api-tokens-empty">
          <p>{t("apiTokens.list.empty")}</p>
        </div>
      ) : (
        <>
          <div className="table-wrap">
            <table className="table api-tokens-table card-table">
              <thead>
                <tr>
                  <th scope="col">{t("apiTokens.list.name")}</th>
                  <th scope="col">{t("apiTokens.list.role")}</th>
                  <th scope="col">{t("apiTokens.list.createdBy")}</th>
                  <th scope="col">{t("apiTokens.list.created")}</th>
                  <th scope="col">{t("apiTokens.list.lastUsed")}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t("apiTokens.list.actions")}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {tokens.map((token) => (
                  <tr key={token.id} data-testid="api-token-row">
                    <th scope="row" className="card-table__title card-table__wide">
                      {token.name}
                      <code className="api-tokens-table__hint">{token.hint}</code>
                      {token.working ? null : <span className="api-tokens-table__stopped">{t("apiTokens.list.stopped")}</span>}
                    </th>
                    <td data-label={t("apiTokens.list.role")}>{t(`apiTokens.roles.${token.role}`)}</td>
                    <td data-label={t("apiTokens.list.createdBy")}>{token.createdBy}</td>
                    <td data-label={t("apiTokens.list.created")}>
                      <DateText date={token.createdOn} />
                    </td>
                    <td data-testid="api-token-last-used" data-label={t("apiTokens.list.lastUsed")}>
                      {token.lastUsed ? (
                        <span className="date">
                          <DateText date={token.lastUsed.date} /> {token.lastUsed.time}
                        </span>
                      ) : (
                        <span className="muted">{t("apiTokens.list.never")}</span>
                      )}
                    </td>
                    <td className="card-table__actions">
                      <Form method="post" action={TAB_URL} preventScrollReset>
                        <input type="hidden" name="tokenId" value={token.id} />
                        <ConfirmSubmitButton
                          confirmation={confirmation(token.name)}
                          name="intent"
                          value="apiTokens.revoke"
                          className="button button--small button--delete"
                          disabled={busy}
                          aria-label={t("apiTokens.list.revokeNamed", { name: token.name })}
                        >
                          {t("apiTokens.list.revoke")}
                        </ConfirmSubmitButton>
                      </Form>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="field__hint">{t("apiTokens.list.hidden")}</p>
        </>
      )}
    </section>
  );
}

function CreateToken({ full, max, busy }: { full: boolean; max: number; busy: boolean }) {
  const { t } = useTranslation();
  const ids = useId();
  const reply = useActionData<typeof action>() as IssuedTokenReply | undefined;
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult: navigation.state === "idle" && reply?.result ? reply.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: createApiTokenSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const nameError = fields.name.errors?.length ? fields.name.errors.map((error) => t(error, messageValues(reply?.values))).join(" ") : null;
  const roleError = fields.role.errors?.length ? fields.role.errors.map((error) => t(error)).join(" ") : null;
  return (
    <section className="card" aria-labelledby="api-tokens-create-heading">
      <h2 id="api-tokens-create-heading" className="card__title">
        {t("apiTokens.create.title")}
      </h2>
      {full ? (
        <p className="muted" data-testid="api-tokens-full">
          {t("apiTokens.create.limitReached", { max })}
        </p>
      ) : (
        <Form method="post" action={TAB_URL} className="stack" preventScrollReset {...getFormProps(form)}>
          <input type="hidden" name="intent" value="apiTokens.create" />
          <div className="field">
            <label htmlFor={fields.name.id}>{t("apiTokens.create.name")}</label>
            <input
              {...getInputProps(fields.name, { type: "text" })}
              key={fields.name.key}
              maxLength={MAX_API_TOKEN_NAME_LENGTH}
              autoComplete="off"
              aria-describedby={nameError ? fields.name.errorId : `${ids}-name-hint`}
            />
            {nameError ? (
              <span className="field__error" id={fields.name.errorId} role="alert">
                {nameError}
              </span>
            ) : (
              <span className="field__hint" id={`${ids}-name-hint`}>
                {t("apiTokens.create.nameHint")}
              </span>
            )}
          </div>
          <fieldset className="api-tokens__roles" aria-describedby={roleError ? fields.role.errorId : undefined}>
            <legend>{t("apiTokens.create.role")}</legend>
            {ROLES.map((role) => (
              <label key={role} className="api-tokens__role">
                <input type="radio" name={fields.role.name} value={role} defaultChecked={role === "read"} key={`${fields.role.key}-${role}`} aria-describedby={`${ids}-${role}-hint`} />
                <span>
                  <span className="api-tokens__role-name">{t(`apiTokens.roles.${role}`)}</span>
                  <span className="field__hint" id={`${ids}-${role}-hint`}>
                    {t(`apiTokens.roleHints.${role}`)}
                  </span>
                </span>
              </label>
            ))}
            {roleError ? (
              <span className="field__error" id={fields.role.errorId} role="alert">
                {roleError}
              </span>
            ) : null}
          </fieldset>
          <button type="submit" className="button button--primary" disabled={busy}>
            {t("apiTokens.create.submit")}
          </button>
        </Form>
      )}
    </section>
  );
}

/** The secret, in the one answer that holds it. */
function IssuedToken({ issued, apiUrl }: { issued: NonNullable<IssuedTokenReply["issued"]>; apiUrl: string }) {
  const { t } = useTranslation();
  const ids = useId();
  const card = useRef<HTMLElement>(null);
  // With JavaScript the page does not reload: bring the token into view and focus.
  useEffect(() => {
    card.current?.scrollIntoView?.({ block: "nearest" });
    card.current?.focus();
  }, [issued.secret]);
  return (
    <section ref={card} tabIndex={-1} className="card api-tokens__issued" aria-labelledby={`${ids}-title`} data-testid="api-token-issued">
      <h2 id={`${ids}-title`} className="card__title">
        {t("apiTokens.issued.title", { name: issued.name })}
      </h2>
      <p className="api-tokens__once">{t("apiTokens.issued.once")}</p>
      <div className="api-tokens__secret-row">
        <label className="field api-tokens__secret-field">
          <span>{t("apiTokens.issued.label")}</span>
          <input type="text" readOnly value={issued.secret} onFocus={(event) => event.currentTarget.select()} spellCheck={false} autoComplete="off" data-testid="api-token-secret" />
        </label>
        <CopyButton text={issued.secret} copyLabel={t("apiTokens.issued.copy")} copiedLabel={t("apiTokens.issued.copied")} testId="api-token-copy" />
      </div>
      <p>{t("apiTokens.issued.usage", { url: apiUrl })}</p>
      <pre className="api-tokens__usage">
        <code>Authorization: Bearer {issued.secret}</code>
      </pre>
    </section>
  );
}
