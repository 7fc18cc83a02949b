// The Security tab: the company's own OpenID Connect provider (single sign-on, decision 0089).
// The owner sets it up (issuer, client, secret — never shown back, only "stored" — and the
// company's e-mail domains; saving asks the issuer's discovery document), runs a test sign-in,
// requires it once a sign-in through it has worked, and removes it (asked first: a dialog with
// JavaScript, a page step without). Other company admins see it read-only: they are the ones
// asked "why does my password not work?". Every form is a plain POST.
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ActionNotice } from "~/components/action-notice";
import { ConfirmationStep, ConfirmSubmitButton, type Confirmation } from "~/components/confirm";
import { ContinueToProvider } from "~/components/continue-to-provider";
import { SignInErrorNotice } from "~/components/provider-buttons";
import { messageValues } from "~/i18n";
import { ssoSettingsSchema } from "~/lib/schemas/sso";
import { requireAdminUser } from "~/utils/auth.server";
import type { ActionReply } from "~/utils/form-errors.server";
import { withActionErrors, withPageErrors } from "~/utils/form-errors.server";
import { readFormData } from "~/utils/http.server";
import { tabPath } from "../_app.company-settings/tabs";
import { loadSecurityTab, securityAction, type SecurityReply } from "./security.server";

const TAB_URL = tabPath("security");

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;
type Sso = NonNullable<Loaded["sso"]>;

export function loader({ request, context }: LoaderFunctionArgs) {
  return withPageErrors(async () => loadSecurityTab(await requireAdminUser({ request, context }), new URL(request.url)));
}

export function action({ request }: ActionFunctionArgs) {
  return withActionErrors(async () => {
    const viewer = await requireAdminUser(request);
    return securityAction(request, viewer, await readFormData(request));
  });
}

export default function SecurityTab() {
  const { t } = useTranslation();
  const { canManage, sso, redirectUrl, tested, signInError } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as SecurityReply | undefined;
  const confirmation: Confirmation = {
    title: t("sso.confirm.title"),
    question: t("sso.confirm.question"),
    confirm: t("sso.confirm.yes"),
    cancel: t("sso.confirm.no"),
  };
  return (
    <div className="stack">
      <section className="card" aria-labelledby="sso-heading">
        <h2 id="sso-heading" className="card__title">
          {t("sso.heading")}
        </h2>
        <p>{t("sso.intro")}</p>
        <p>
          {t("sso.redirectLabel")} <code data-testid="sso-redirect-url">{redirectUrl}</code>
        </p>
        {canManage ? null : (
          <p className="muted" data-testid="sso-read-only">
            {t("sso.readOnly")}
          </p>
        )}
      </section>
      <ActionNotice notice={reply?.notice} />
      {reply?.continueTo ? <ContinueToProvider url={reply.continueTo} /> : null}
      {tested && !reply ? (
        <p className="notice notice--success" role="status" data-testid="sso-tested">
          {t("sso.tested")}
        </p>
      ) : null}
      {reply ? null : <SignInErrorNotice code={signInError} />}
      {reply?.confirm ? <ConfirmationStep fields={reply.confirm.fields} confirmation={confirmation} /> : null}
      <div className="settings-grid">
        {canManage ? <ProviderForm sso={sso} /> : <ProviderFacts sso={sso} />}
        <StatusCard sso={sso} canManage={canManage} confirmation={confirmation} />
      </div>
    </div>
  );
}

/** The owner's form: what is stored, but never the secret. */
function ProviderForm({ sso }: { sso: Sso | null }) {
  const { t } = useTranslation();
  const reply = useActionData<typeof action>() as ActionReply | undefined;
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult: navigation.state === "idle" ? reply?.result : undefined,
    defaultValue: { issuer: sso?.issuer ?? "", clientId: sso?.clientId ?? "", domains: sso?.domains.join(", ") ?? "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ssoSettingsSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const errorOf = (errors: string[] | undefined) => (errors?.length ? errors.map((error) => t(error, messageValues(reply?.values))).join(" ") : null);
  const field = (name: "issuer" | "clientId" | "clientSecret" | "domains", label: string, hint: string | null, input: React.ReactNode) => {
    const meta = fields[name];
    const error = errorOf(meta.errors);
    return (
      <div className="field">
        <label htmlFor={meta.id}>{label}</label>
        {input}
        {error ? (
          <span className="field__error" id={meta.errorId} role="alert">
            {error}
          </span>
        ) : hint ? (
          <span className="field__hint" id={meta.descriptionId}>
            {hint}
          </span>
        ) : null}
      </div>
    );
  };
  const described = (name: "issuer" | "clientId" | "clientSecret" | "domains", hasHint: boolean) =>
    fields[name].errors?.length ? fields[name].errorId : hasHint ? fields[name].descriptionId : undefined;
  return (
    <section className="card" aria-labelledby="sso-provider-heading">
      <h2 id="sso-provider-heading" className="card__title">
        {t("sso.providerTitle")}
      </h2>
      <Form method="post" action={TAB_URL} className="stack" preventScrollReset {...getFormProps(form)}>
        <input type="hidden" name="intent" value="sso.save" />
        {field(
          "issuer",
          t("sso.issuer"),
          t("sso.issuerHint"),
          <input {...getInputProps(fields.issuer, { type: "url" })} key={fields.issuer.key} autoComplete="off" spellCheck={false} aria-describedby={described("issuer", true)} />,
        )}
        {field(
          "clientId",
          t("sso.clientId"),
          null,
          <input {...getInputProps(fields.clientId, { type: "text" })} key={fields.clientId.key} autoComplete="off" spellCheck={false} aria-describedby={described("clientId", false)} />,
        )}
        {field(
          "clientSecret",
          t("sso.clientSecret"),
          sso ? t("sso.secretKept") : null,
          // Never filled from the server: the secret does not come back to a screen.
          <input
            {...getInputProps(fields.clientSecret, { type: "password" })}
            key={fields.clientSecret.key}
            defaultValue=""
            autoComplete="new-password"
            aria-describedby={described("clientSecret", Boolean(sso))}
            data-testid="sso-secret"
          />,
        )}
        {field(
          "domains",
          t("sso.domains"),
          t("sso.domainsHint"),
          <textarea {...getTextareaProps(fields.domains)} key={fields.domains.key} rows={2} autoComplete="off" spellCheck={false} aria-describedby={described("domains", true)} />,
        )}
        <button type="submit" className="button button--primary" disabled={navigation.state !== "idle"}>
          {t("sso.save")}
        </button>
      </Form>
    </section>
  );
}

/** What a company admin who is not the owner sees. */
function ProviderFacts({ sso }: { sso: Sso | null }) {
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby="sso-provider-heading">
      <h2 id="sso-provider-heading" className="card__title">
        {t("sso.providerTitle")}
      </h2>
      {sso ? (
        <dl className="details">
          <dt>{t("sso.issuer")}</dt>
          <dd>
            <code>{sso.issuer}</code>
          </dd>
          <dt>{t("sso.clientId")}</dt>
          <dd>
            <code>{sso.clientId}</code>
          </dd>
          <dt>{t("sso.clientSecret")}</dt>
          <dd>{t("sso.secretSet")}</dd>
          <dt>{t("sso.domains")}</dt>
          <dd>{sso.domains.join(", ")}</dd>
        </dl>
      ) : (
        <div className="empty-state">
          <p>{t("sso.notSetReadOnly")}</p>
        </div>
      )}
    </section>
  );
}

function StatusCard({ sso, canManage, confirmation }: { sso: Sso | null; canManage: boolean; confirmation: Confirmation }) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  const status = !sso ? "notSet" : sso.required ? "required" : sso.verified ? "verified" : "notVerified";
  return (
    <section className="card" aria-labelledby="sso-status-heading">
      <h2 id="sso-status-heading" className="card__title">
        {t("sso.statusTitle")}
      </h2>
      <p data-testid="sso-status" data-status={status}>
        {t(`sso.status.${status}`)}
      </p>
      {sso && canManage ? (
        <div className="stack">
          <Form method="post" action={TAB_URL} className="stack">
            <p className="field__hint">{t("sso.testHint")}</p>
            <button type="submit" name="intent" value="sso.test" className="button" disabled={busy}>
              {t("sso.test")}
            </button>
          </Form>
          <Form method="post" action={TAB_URL} className="stack" preventScrollReset>
            <p className="field__hint">{t(sso.required ? "sso.unrequireHint" : "sso.requireHint")}</p>
            <button type="submit" name="intent" value={sso.required ? "sso.unrequire" : "sso.require"} className={sso.required ? "button" : "button button--primary"} disabled={busy}>
              {t(sso.required ? "sso.unrequire" : "sso.require")}
            </button>
          </Form>
          <Form method="post" action={TAB_URL} preventScrollReset>
            <ConfirmSubmitButton confirmation={confirmation} name="intent" value="sso.remove" className="button button--delete" disabled={busy}>
              {t("sso.remove")}
            </ConfirmSubmitButton>
          </Form>
        </div>
      ) : null}
    </section>
  );
}
