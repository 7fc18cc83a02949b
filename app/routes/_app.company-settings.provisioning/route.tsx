// The Provisioning tab: the SCIM tokens a company's directory (Entra ID, Okta, Google) provisions
// people with at /scim/v2 — who made each, when, its last use — creating one (its secret shown
// once, in the answer to the POST, with a copy button when JavaScript runs and as selectable text
// without) and revoking one (asked first: a dialog with JavaScript, a page step without).
// Company admins only. docs/decisions/0090-scim-provisioning.md
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { ActionNotice } from "~/components/action-notice";
import { ConfirmationStep, ConfirmSubmitButton, type Confirmation } from "~/components/confirm";
import { CopyButton } from "~/components/copy-button";
import { DateText } from "~/components/date-text";
import { messageValues } from "~/i18n";
import { MAX_API_TOKEN_NAME_LENGTH } from "~/lib/schemas/api-tokens";
import { createScimTokenSchema } from "~/lib/schemas/scim";
import { requireAdminUser } from "~/utils/auth.server";
import { withActionErrors, withPageErrors } from "~/utils/form-errors.server";
import { readFormData } from "~/utils/http.server";
import { tabPath } from "../_app.company-settings/tabs";
import { loadProvisioningTab, provisioningAction, type IssuedScimTokenReply } from "./provisioning.server";

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;
type TokenRow = Loaded["tokens"][number];

const TAB_URL = tabPath("provisioning");

export function loader({ request, context }: LoaderFunctionArgs) {
  return withPageErrors(async () => loadProvisioningTab(await requireAdminUser({ request, context })));
}

export function action({ request }: ActionFunctionArgs) {
  return withActionErrors(async () => {
    const viewer = await requireAdminUser(request);
    return provisioningAction(viewer, await readFormData(request));
  });
}

export default function ProvisioningTab() {
  const { t } = useTranslation();
  const { tokens, max, scimUrl } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as IssuedScimTokenReply | undefined;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const confirmation = (name: string): Confirmation => ({
    title: t("scim.confirm.title"),
    question: t("scim.confirm.question", { name }),
    confirm: t("scim.confirm.yes"),
    cancel: t("scim.confirm.no"),
  });
  const step = reply?.confirm;
  const stepToken = step ? tokens.find((token) => token.id === step.fields.tokenId) : undefined;
  return (
    <div className="api-tokens stack">
      <section className="card api-tokens__intro" aria-labelledby="scim-heading">
        <h2 id="scim-heading" className="card__title">
          {t("scim.title")}
        </h2>
        <p>{t("scim.intro")}</p>
        <p>
          {t("scim.baseUrl")} <code data-testid="scim-url">{scimUrl}</code>
        </p>
        <p className="muted">{t("scim.rules")}</p>
      </section>
      <ActionNotice notice={reply?.notice} />
      {step && stepToken ? <ConfirmationStep fields={step.fields} confirmation={confirmation(stepToken.name)} /> : null}
      {reply?.issued ? <IssuedToken key={reply.issued.id} issued={reply.issued} /> : null}
      <div className="settings-grid">
        <TokenList tokens={tokens} confirmation={confirmation} busy={busy} />
        <CreateToken full={tokens.length >= max} max={max} busy={busy} />
      </div>
    </div>
  );
}

function TokenList({ tokens, confirmation, busy }: { tokens: TokenRow[]; confirmation: (name: string) => Confirmation; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby="scim-list-heading">
      <div className="card__header">
        <h2 id="scim-list-heading" className="card__title">
          {t("scim.list.title")}
        </h2>
      </div>
      {tokens.length === 0 ? (
        <div className="empty-state" data-testid="scim-tokens-empty">
          <p>{t("scim.list.empty")}</p>
        </div>
      ) : (
        <>
          <div className="table-wrap">
            <table className="table api-tokens-table card-table">
              <thead>
                <tr>
                  <th scope="col">{t("scim.list.name")}</th>
                  <th scope="col">{t("scim.list.createdBy")}</th>
                  <th scope="col">{t("scim.list.created")}</th>
                  <th scope="col">{t("scim.list.lastUsed")}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t("scim.list.actions")}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {tokens.map((token) => (
                  <tr key={token.id} data-testid="scim-token-row">
                    <th scope="row" className="card-table__title card-table__wide">
                      {token.name}
                      <code className="api-tokens-table__hint">{token.hint}</code>
                      {token.working ? null : <span className="api-tokens-table__stopped">{t("scim.list.stopped")}</span>}
                    </th>
                    <td data-label={t("scim.list.createdBy")}>{token.createdBy}</td>
                    <td data-label={t("scim.list.created")}>
                      <DateText date={token.createdOn} />
                    </td>
                    <td data-testid="scim-token-last-used" data-label={t("scim.list.lastUsed")}>
                      {token.lastUsed ? (
                        <span className="date">
                          <DateText date={token.lastUsed.date} /> {token.lastUsed.time}
                        </span>
                      ) : (
                        <span className="muted">{t("scim.list.never")}</span>
                      )}
                    </td>
                    <td className="card-table__actions">
                      <Form method="post" action={TAB_URL} preventScrollReset>
                        <input type="hidden" name="tokenId" value={token.id} />
                        <ConfirmSubmitButton
                          confirmation={confirmation(token.name)}
                          name="intent"
                          value="scim.revoke"
                          className="button button--small button--delete"
                          disabled={busy}
                          aria-label={t("scim.list.revokeNamed", { name: token.name })}
                        >
                          {t("scim.list.revoke")}
                        </ConfirmSubmitButton>
                      </Form>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="field__hint">{t("scim.list.hidden")}</p>
        </>
      )}
    </section>
  );
}

function CreateToken({ full, max, busy }: { full: boolean; max: number; busy: boolean }) {
  const { t } = useTranslation();
  const ids = useId();
  const reply = useActionData<typeof action>() as IssuedScimTokenReply | undefined;
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult: navigation.state === "idle" && reply?.result ? reply.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: createScimTokenSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const nameError = fields.name.errors?.length ? fields.name.errors.map((error) => t(error, messageValues(reply?.values))).join(" ") : null;
  return (
    <section className="card" aria-labelledby="scim-create-heading">
      <h2 id="scim-create-heading" className="card__title">
        {t("scim.create.title")}
      </h2>
      {full ? (
        <p className="muted" data-testid="scim-tokens-full">
          {t("scim.create.limitReached", { max })}
        </p>
      ) : (
        <Form method="post" action={TAB_URL} className="stack" preventScrollReset {...getFormProps(form)}>
          <input type="hidden" name="intent" value="scim.create" />
          <div className="field">
            <label htmlFor={fields.name.id}>{t("scim.create.name")}</label>
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
                {t("scim.create.nameHint")}
              </span>
            )}
          </div>
          <button type="submit" className="button button--primary" disabled={busy}>
            {t("scim.create.submit")}
          </button>
        </Form>
      )}
    </section>
  );
}

/** The secret, in the one answer that holds it. */
function IssuedToken({ issued }: { issued: NonNullable<IssuedScimTokenReply["issued"]> }) {
  const { t } = useTranslation();
  const ids = useId();
  const card = useRef<HTMLElement>(null);
  // With JavaScript the page does not reload: bring the token into view and focus.
  useEffect(() => {
    card.current?.scrollIntoView?.({ block: "nearest" });
    card.current?.focus();
  }, [issued.secret]);
  return (
    <section ref={card} tabIndex={-1} className="card api-tokens__issued" aria-labelledby={`${ids}-title`} data-testid="scim-token-issued">
      <h2 id={`${ids}-title`} className="card__title">
        {t("scim.issued.title", { name: issued.name })}
      </h2>
      <p className="api-tokens__once">{t("scim.issued.once")}</p>
      <div className="api-tokens__secret-row">
        <label className="field api-tokens__secret-field">
          <span>{t("scim.issued.label")}</span>
          <input type="text" readOnly value={issued.secret} onFocus={(event) => event.currentTarget.select()} spellCheck={false} autoComplete="off" data-testid="scim-token-secret" />
        </label>
        <CopyButton text={issued.secret} copyLabel={t("scim.issued.copy")} copiedLabel={t("scim.issued.copied")} testId="scim-token-copy" />
      </div>
    </section>
  );
}
