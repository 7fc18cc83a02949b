// The billing details tab: the subscription (subscribe with Stripe, monthly or annual), the
// details (locked until Edit; Save only once something changed), the billing language (saved as
// chosen, then the page reloads) and the billing contacts.
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { BillingOff } from "~/components/billing-off";
import { ConfirmationStep, ConfirmSubmitButton, type Confirmation } from "~/components/confirm";
import { FieldError } from "~/components/field-error";
import { FormError } from "~/components/form-error";
import { Toast } from "~/components/toast";
import { useHydrated } from "~/hooks/use-hydrated";
import { SUPPORTED_LANGUAGES } from "~/i18n";
import { CURRENCIES, RELOAD_AFTER_LANGUAGE_MS } from "~/lib/billing";
import { formatDate } from "~/lib/format";
import { formatMoney } from "~/lib/money";
import { parseWithZod } from "@conform-to/zod/v4";
import { billingContactSchema, billingDetailsSchema, MAX_ADDRESS_LENGTH, MAX_NAME_LENGTH } from "~/lib/schemas/billing";
import { requireAdminUser } from "~/utils/auth.server";
import { withActionErrors, withPageErrors } from "~/utils/form-errors.server";
import { readFormData } from "~/utils/http.server";
import { tabPath } from "../_app.company-settings/tabs";
import { billingDetailsAction, loadBillingDetailsTab } from "./billing-details.server";

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;

const TAB_URL = tabPath("billing-details");

export function loader({ request, context }: LoaderFunctionArgs) {
  return withPageErrors(async () => loadBillingDetailsTab(await requireAdminUser({ request, context }), new URL(request.url)));
}

export function action({ request }: ActionFunctionArgs) {
  return withActionErrors(async () => {
    // Billing stays open in a read-only company, or it could never subscribe.
    const viewer = await requireAdminUser(request, { whileReadOnly: true });
    return billingDetailsAction(viewer, request, await readFormData(request));
  });
}

export default function BillingDetailsTab() {
  const billing = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const notice = actionData && "notice" in actionData ? actionData.notice : null;
  const confirmStep = actionData && "confirm" in actionData ? actionData.confirm : null;
  return (
    <div className="billing">
      <BillingOff notice={billing.billingOff} />
      <Toast notice={notice} />
      {confirmStep ? <RemoveContactStep fields={confirmStep.fields} contacts={billing.contacts} /> : null}
      <div className="settings-grid">
        <div>
          {/* A new form once the saved details change, so it starts from them. */}
          <DetailsCard key={JSON.stringify(billing.details)} billing={billing} />
          <ContactsCard contacts={billing.contacts} />
        </div>
        <div>
          {/* Billing off: no subscription to show (the notice above says why). */}
          {billing.configured ? <SubscriptionCard billing={billing} /> : null}
          <LanguageCard language={billing.details.preferredLanguage} reloadOn={notice?.key === "billing.details.languageUpdated" ? notice : null} />
        </div>
      </div>
    </div>
  );
}

function SubscriptionCard({ billing }: { billing: Loaded }) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const { subscription } = billing;
  const opening = navigation.state !== "idle" && navigation.formData?.get("intent") === "subscription.checkout";
  const price = (cents: number) => formatMoney(cents, subscription.currency, i18n.language);
  const date = (iso: string) => formatDate(iso, i18n.language);
  const [interval, setChosen] = useState<"month" | "year">(subscription.interval === "year" ? "year" : "month");
  const people = Math.max(1, subscription.people);
  return (
    <section className="card billing-subscription" aria-labelledby="subscription-heading">
      <h2 id="subscription-heading">{t("billing.subscription.title")}</h2>
      <dl className="details">
        <dt>{t("billing.subscription.statusLabel")}</dt>
        <dd data-testid="subscription-status">{subscription.status ? t(`billing.subscription.status.${subscription.status}`, { defaultValue: subscription.status }) : "—"}</dd>
        <dt>{t("billing.subscription.peopleLabel")}</dt>
        <dd>{t("billing.subscription.people", { count: subscription.people })}</dd>
        {subscription.subscribed ? (
          <>
            <dt>{t("billing.subscription.seatsLabel")}</dt>
            <dd>{subscription.seats ?? "—"}</dd>
            <dt>{t("billing.subscription.intervalLabel")}</dt>
            <dd>{t(`billing.subscription.interval.${subscription.interval === "year" ? "year" : "month"}`)}</dd>
            {subscription.currentPeriodEnd && !subscription.cancelAt ? (
              <>
                <dt>{t("billing.subscription.renews")}</dt>
                <dd>{date(subscription.currentPeriodEnd)}</dd>
              </>
            ) : null}
          </>
        ) : null}
        {subscription.cancelAt ? (
          <>
            <dt>{t("billing.subscription.endsOn")}</dt>
            <dd>{date(subscription.cancelAt)}</dd>
          </>
        ) : null}
      </dl>
      {subscription.trialDaysLeft !== null ? (
        <p>{subscription.trialDaysLeft > 0 ? t("billing.subscription.trialDaysLeft", { count: subscription.trialDaysLeft }) : t("billing.subscription.trialOver")}</p>
      ) : null}
      {subscription.access === "readOnly" ? <p className="notice notice--error">{t("billing.subscription.readOnly")}</p> : null}
      {subscription.subscribed ? (
        <p className="muted">{t("billing.subscription.paid")}</p>
      ) : billing.configured && subscription.id ? (
        <Form method="post" action={TAB_URL} className="stack billing-subscribe">
          <input type="hidden" name="intent" value="subscription.checkout" />
          <input type="hidden" name="subscriptionId" value={subscription.id} />
          <fieldset className="fieldset">
            <legend>{t("billing.subscription.intervalLabel")}</legend>
            {(["month", "year"] as const).map((option) => (
              <label key={option} className="checkbox-field">
                <input type="radio" name="interval" value={option} checked={interval === option} onChange={() => setChosen(option)} />
                <span>{t(option === "month" ? "billing.subscription.monthly" : "billing.subscription.annual", { price: price(subscription.prices[option]) })}</span>
              </label>
            ))}
          </fieldset>
          <p className="muted">{t("billing.subscription.estimate", { total: price(subscription.prices[interval] * people) })}</p>
          <button type="submit" className="button button--primary" disabled={opening}>
            {opening ? t("billing.trial.opening") : t("billing.subscription.subscribe")}
          </button>
        </Form>
      ) : null}
    </section>
  );
}

/** The details form: a locked fieldset until Edit (`?edit=1`, so it works without JavaScript). */
function DetailsCard({ billing }: { billing: Loaded }) {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const busy = navigation.state !== "idle";
  const lastResult = navigation.state === "idle" && actionData && "result" in actionData && actionData.result?.initialValue && "companyName" in actionData.result.initialValue ? actionData.result : undefined;
  const failed = Boolean(lastResult?.error && Object.keys(lastResult.error).length);
  const editing = billing.editing || failed;
  const { details } = billing;
  const initial = {
    companyName: details.companyName,
    primaryContactId: details.primaryContactId ?? "",
    companyAddress: details.companyAddress,
    phone: details.phone,
    currency: details.currency,
    invoiceEmail: details.invoiceEmail,
  };
  const [form, fields] = useForm({
    id: "billing-details",
    lastResult,
    defaultValue: initial,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: billingDetailsSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  // Save is enabled once something differs from what is saved (with JavaScript; without it the
  // server answers "Nothing changed." instead).
  const [dirty, setDirty] = useState(false);
  const onChange = (event: React.FormEvent<HTMLFormElement>) => {
    const data = new FormData(event.currentTarget);
    setDirty(Object.entries(initial).some(([name, value]) => String(data.get(name) ?? "") !== value));
  };
  const contactOptions = billing.people.some((person) => person.id === initial.primaryContactId) ? billing.people : [{ id: "", name: "—", email: "" }, ...billing.people];
  return (
    <section className="card" aria-labelledby="billing-details-heading">
      <div className="billing__header">
        <h2 id="billing-details-heading">{t("billing.details.title")}</h2>
        {editing ? null : (
          <Link to={`${TAB_URL}?edit=1`} className="button button--small" preventScrollReset data-testid="billing-edit">
            {t("billing.details.edit")}
          </Link>
        )}
      </div>
      {editing ? null : <p className="muted">{t("billing.details.locked")}</p>}
      <FormError errors={form.errors} values={actionData && "values" in actionData ? actionData.values : undefined} />
      <Form method="post" action={TAB_URL} {...getFormProps(form)} onChange={onChange} className="stack">
        <input type="hidden" name="intent" value="billingDetails.save" />
        <fieldset className="billing__fields" disabled={!editing}>
          <label className="field">
            <span>{t("billing.details.companyName")}</span>
            <input {...getInputProps(fields.companyName, { type: "text" })} key={fields.companyName.key} maxLength={MAX_NAME_LENGTH} autoComplete="organization" />
            <FieldError errors={fields.companyName.errors} id={fields.companyName.errorId} />
          </label>
          <label className="field">
            <span>{t("billing.details.primaryContact")}</span>
            <small className="field__hint">{t("billing.details.primaryContactHint")}</small>
            <select {...getSelectProps(fields.primaryContactId)} key={fields.primaryContactId.key}>
              {contactOptions.map((person) => (
                <option key={person.id} value={person.id}>
                  {person.email ? `${person.name} (${person.email})` : person.name}
                </option>
              ))}
            </select>
            <FieldError errors={fields.primaryContactId.errors} id={fields.primaryContactId.errorId} />
          </label>
          <label className="field">
            <span>{t("billing.details.companyAddress")}</span>
            <textarea {...getTextareaProps(fields.companyAddress)} key={fields.companyAddress.key} rows={3} maxLength={MAX_ADDRESS_LENGTH} autoComplete="street-address" />
            <FieldError errors={fields.companyAddress.errors} id={fields.companyAddress.errorId} />
          </label>
          <label className="field">
            <span>{t("billing.details.phone")}</span>
            <input {...getInputProps(fields.phone, { type: "tel" })} key={fields.phone.key} maxLength={30} autoComplete="tel" />
            <FieldError errors={fields.phone.errors} id={fields.phone.errorId} />
          </label>
          <label className="field">
            <span>{t("billing.details.currency")}</span>
            <small className="field__hint">{t("billing.details.currencyHint")}</small>
            <select {...getSelectProps(fields.currency)} key={fields.currency.key}>
              {CURRENCIES.map((currency) => (
                <option key={currency} value={currency}>
                  {t(`billing.details.currencies.${currency}`)}
                </option>
              ))}
            </select>
            <FieldError errors={fields.currency.errors} id={fields.currency.errorId} />
          </label>
          <label className="field">
            <span>{t("billing.details.invoiceEmail")}</span>
            <small className="field__hint">{t("billing.details.invoiceEmailHint")}</small>
            <input {...getInputProps(fields.invoiceEmail, { type: "email" })} key={fields.invoiceEmail.key} maxLength={254} autoComplete="email" />
            <FieldError errors={fields.invoiceEmail.errors} id={fields.invoiceEmail.errorId} />
          </label>
        </fieldset>
        {editing ? (
          <div className="billing__actions">
            <button type="submit" className="button button--primary" disabled={busy || (hydrated && !dirty)}>
              {t("billing.details.save")}
            </button>
            <Link to={TAB_URL} className="button" preventScrollReset>
              {t("billing.details.cancel")}
            </Link>
          </div>
        ) : null}
      </Form>
    </section>
  );
}

/**
 * The billing language saves as soon as it is chosen (with JavaScript; a button without), says
 * 'Language preference updated' and reloads the page 0.5 s later (spec section 2).
 */
function LanguageCard({ language, reloadOn }: { language: string; reloadOn: object | null }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!reloadOn) return;
    const timer = window.setTimeout(() => window.location.reload(), RELOAD_AFTER_LANGUAGE_MS);
    return () => window.clearTimeout(timer);
  }, [reloadOn]);
  return (
    <section className="card" aria-labelledby="billing-language-heading">
      <h2 id="billing-language-heading">{t("billing.details.languageTitle")}</h2>
      <Form method="post" action={TAB_URL} ref={form} className="stack" preventScrollReset>
        <input type="hidden" name="intent" value="billingDetails.language" />
        <label className="field">
          <span>{t("billing.details.preferredLanguage")}</span>
          <small className="field__hint">{t("billing.details.preferredLanguageHint")}</small>
          <select name="preferredLanguage" defaultValue={language} key={language} onChange={() => form.current?.requestSubmit()}>
            {SUPPORTED_LANGUAGES.map((code) => (
              <option key={code} value={code} lang={code}>
                {t(`language.${code}`)}
              </option>
            ))}
          </select>
        </label>
        {hydrated ? null : (
          <button type="submit" className="button" disabled={navigation.state !== "idle"}>
            {t("billing.details.saveLanguage")}
          </button>
        )}
      </Form>
    </section>
  );
}

function contactConfirmation(t: (key: string, values?: Record<string, string>) => string, contact: { name: string; email: string }): Confirmation {
  return {
    title: t("billing.contacts.confirm.title"),
    question: t("billing.contacts.confirm.question", { name: contact.name, email: contact.email }),
    confirm: t("billing.contacts.confirm.yes"),
    cancel: t("billing.contacts.confirm.no"),
  };
}

function RemoveContactStep({ fields, contacts }: { fields: Record<string, string>; contacts: Loaded["contacts"] }) {
  const { t } = useTranslation();
  const contact = contacts.find((c) => c.id === fields.contactId);
  if (!contact) return null;
  return <ConfirmationStep fields={fields} confirmation={contactConfirmation(t, contact)} />;
}

function ContactsCard({ contacts }: { contacts: Loaded["contacts"] }) {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const lastResult = navigation.state === "idle" && actionData && "result" in actionData && actionData.result?.initialValue && "email" in actionData.result.initialValue ? actionData.result : undefined;
  const [form, fields] = useForm({
    id: "billing-contact",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: billingContactSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <section className="card" aria-labelledby="billing-contacts-heading">
      <h2 id="billing-contacts-heading">{t("billing.contacts.title")}</h2>
      <p className="muted">{t("billing.contacts.hint")}</p>
      {contacts.length === 0 ? (
        <p className="empty-state billing__empty">{t("billing.contacts.empty")}</p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t("billing.contacts.name")}</th>
                <th scope="col">{t("billing.contacts.email")}</th>
                <th scope="col">
                  <span className="visually-hidden">{t("billing.contacts.remove")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {contacts.map((contact) => (
                <tr key={contact.id} data-testid="billing-contact">
                  <th scope="row">{contact.name}</th>
                  <td>{contact.email}</td>
                  <td>
                    <Form method="post" action={TAB_URL} preventScrollReset>
                      <input type="hidden" name="contactId" value={contact.id} />
                      <ConfirmSubmitButton
                        confirmation={contactConfirmation(t, contact)}
                        name="intent"
                        value="billingDetails.removeContact"
                        className="button button--small"
                        disabled={busy}
                        aria-label={t("billing.contacts.removeNamed", { name: contact.name })}
                      >
                        {t("billing.contacts.remove")}
                      </ConfirmSubmitButton>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <FormError errors={form.errors} values={actionData && "values" in actionData ? actionData.values : undefined} />
      <Form method="post" action={TAB_URL} {...getFormProps(form)} className="billing__contact-form" preventScrollReset>
        <input type="hidden" name="intent" value="billingDetails.addContact" />
        <label className="field">
          <span>{t("billing.contacts.name")}</span>
          <input {...getInputProps(fields.name, { type: "text" })} key={fields.name.key} maxLength={MAX_NAME_LENGTH} autoComplete="off" />
          <FieldError errors={fields.name.errors} id={fields.name.errorId} />
        </label>
        <label className="field">
          <span>{t("billing.contacts.email")}</span>
          <input {...getInputProps(fields.email, { type: "email" })} key={fields.email.key} maxLength={254} autoComplete="off" />
          <FieldError errors={fields.email.errors} id={fields.email.errorId} />
        </label>
        <button type="submit" className="button" disabled={busy}>
          {t("billing.contacts.add")}
        </button>
      </Form>
    </section>
  );
}
