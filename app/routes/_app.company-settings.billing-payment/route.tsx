// The payment method tab (/company-settings/billing-payment): the card on file (brand, last four
// digits, expiry), spec section 5's rules.
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BillingOff } from "~/components/billing-off";
import { FieldError } from "~/components/field-error";
import { Toast } from "~/components/toast";
import { parseWithZod } from "@conform-to/zod/v4";
import { paymentMethodSchema } from "~/lib/schemas/billing";
import { requireAdminUser } from "~/utils/auth.server";
import { withActionErrors, withPageErrors } from "~/utils/form-errors.server";
import { readFormData } from "~/utils/http.server";
import { tabPath } from "../_app.company-settings/tabs";
import { loadBillingPaymentTab, paymentAction } from "./billing-payment.server";

const TAB_URL = tabPath("billing-payment");
const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

export function loader({ request, context }: LoaderFunctionArgs) {
  return withPageErrors(async () => loadBillingPaymentTab(await requireAdminUser({ request, context })));
}

export function action({ request }: ActionFunctionArgs) {
  return withActionErrors(async () => {
    // Paying stays open in a read-only company, or it could never subscribe.
    const viewer = await requireAdminUser(request, { whileReadOnly: true });
    return paymentAction(viewer, await readFormData(request));
  });
}

export default function BillingPaymentTab() {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const payment = useLoaderData<typeof loader>();
  // "Now" is the company's year and month from the server: a browser in another zone may already
  // be in the next month (or year) and would refuse a card the server accepts.
  const firstYear = payment.years[0];
  const [form, fields] = useForm({
    id: "payment-method",
    lastResult: navigation.state === "idle" && actionData && "result" in actionData ? actionData.result : undefined,
    defaultValue: payment.card ? { ...payment.card, expMonth: String(payment.card.expMonth), expYear: String(payment.card.expYear) } : { brand: "VISA" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: paymentMethodSchema(firstYear, payment.month) }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const notice = actionData && "notice" in actionData ? actionData.notice : null;
  const { card } = payment;
  return (
    <div className="billing">
      <BillingOff notice={payment.billingOff} />
      <section className="card billing-payment" aria-labelledby="payment-heading">
        <h2 id="payment-heading">{t("billing.payment.title")}</h2>
        <Toast notice={notice} />
        <p className="muted">{t("billing.payment.hint")}</p>
        <p data-testid="payment-current">
          {card ? t("billing.payment.current", { brand: card.brand, last4: card.last4, month: String(card.expMonth).padStart(2, "0"), year: String(card.expYear) }) : t("billing.payment.empty")}
        </p>
        <Form method="post" action={TAB_URL} {...getFormProps(form)} className="billing__card-form">
          <input type="hidden" name="intent" value="payment.save" />
          <label className="field">
            <span>{t("billing.payment.brand")}</span>
            <select {...getSelectProps(fields.brand)} key={fields.brand.key}>
              {payment.brands.map((brand) => (
                <option key={brand} value={brand}>
                  {brand}
                </option>
              ))}
            </select>
            <FieldError errors={fields.brand.errors} id={fields.brand.errorId} />
          </label>
          <label className="field">
            <span>{t("billing.payment.last4")}</span>
            <input {...getInputProps(fields.last4, { type: "text" })} key={fields.last4.key} inputMode="numeric" maxLength={4} autoComplete="off" placeholder="1234" />
            <FieldError errors={fields.last4.errors} id={fields.last4.errorId} />
          </label>
          <label className="field">
            <span>{t("billing.payment.expMonth")}</span>
            <select {...getSelectProps(fields.expMonth)} key={fields.expMonth.key}>
              <option value="">—</option>
              {MONTHS.map((month) => (
                <option key={month} value={month}>
                  {String(month).padStart(2, "0")}
                </option>
              ))}
            </select>
            <FieldError errors={fields.expMonth.errors} id={fields.expMonth.errorId} />
          </label>
          <label className="field">
            <span>{t("billing.payment.expYear")}</span>
            <select {...getSelectProps(fields.expYear)} key={fields.expYear.key}>
              <option value="">—</option>
              {payment.years.map((year) => (
                <option key={year} value={year}>
                  {year}
                </option>
              ))}
            </select>
            <FieldError errors={fields.expYear.errors} id={fields.expYear.errorId} />
          </label>
          <button type="submit" className="button button--primary" disabled={navigation.state !== "idle"}>
            {t("billing.payment.save")}
          </button>
        </Form>
      </section>
    </div>
  );
}
