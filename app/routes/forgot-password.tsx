import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, type MetaFunction, data, type LinksFunction } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthLayout } from "~/components/auth-layout";
import { FieldError } from "~/components/field-error";
import { FormError } from "~/components/form-error";
import { pageTitle } from "~/lib/meta";
import { forgotPasswordSchema } from "~/lib/schemas/identity";
import { requestPasswordReset } from "~/models/account.server";
import { replyWithAppError } from "~/utils/form-errors.server";
import { clientIp, consumeLimit, LIMITS } from "~/utils/rate-limit.server";
import { readFormData } from "~/utils/http.server";
import authStyles from "~/styles/auth.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: authStyles },
];

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "forgot.title");

export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: forgotPasswordSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), values: {}, sent: false }, { status: 400 });
  try {
    await consumeLimit(LIMITS.resetPerIp, clientIp(request));
    await consumeLimit(LIMITS.resetPerEmail, submission.value.email);
    await requestPasswordReset(submission.value.email);
  } catch (error) {
    return replyWithAppError(error, submission.reply);
  }
  // The same answer whether or not the e-mail has an account.
  return { result: submission.reply({ resetForm: true }), values: {}, sent: true };
}

export default function ForgotPassword() {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const sent = actionData && "sent" in actionData && actionData.sent;
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: forgotPasswordSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <AuthLayout title={t("forgot.title")}>
      {sent ? (
        <p className="notice notice--success" role="status">
          {t("forgot.sent")}
        </p>
      ) : (
        <p className="muted">{t("forgot.intro")}</p>
      )}
      <FormError errors={form.errors} values={actionData?.values} />
      <Form method="post" className="stack" {...getFormProps(form)}>
        <label className="field">
          <span>{t("login.email")}</span>
          <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" key={fields.email.key} />
          <FieldError errors={fields.email.errors} id={fields.email.errorId} />
        </label>
        <button type="submit" className="button button--primary" disabled={navigation.state === "submitting"}>
          {t("forgot.submit")}
        </button>
      </Form>
      <p className="auth-links">
        <Link to="/login">{t("verify.toLogin")}</Link>
      </p>
    </AuthLayout>
  );
}
