import { FormProvider, getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, data, redirect, type LinksFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthLayout } from "~/components/auth-layout";
import { FormError } from "~/components/form-error";
import { TextField } from "~/components/text-field";
import { pageTitle } from "~/lib/meta";
import { newPasswordSchema } from "~/lib/schemas/identity";
import { resetPassword } from "~/models/account.server";
import { peekUserToken } from "~/models/user-token.server";
import { AppError } from "~/utils/errors.server";
import { replyWithAppError } from "~/utils/form-errors.server";
import { clientIp, consumeLimit, LIMITS } from "~/utils/rate-limit.server";
import { readFormData } from "~/utils/http.server";
import authStyles from "~/styles/auth.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: authStyles },
];

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "reset.title");

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  try {
    await peekUserToken(token, "password_reset");
    return { token, error: null };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return data({ token, error: error.message }, { status: error.status });
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: newPasswordSchema });
  const hide = ["password", "confirmPassword"];
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: hide }), values: {} }, { status: 400 });
  try {
    await consumeLimit(LIMITS.resetPerIp, clientIp(request));
    await resetPassword(submission.value.token, submission.value.password);
  } catch (error) {
    return replyWithAppError(error, submission.reply, hide);
  }
  return redirect("/login?reset=1");
}

export default function ResetPassword() {
  const { t } = useTranslation();
  const { token, error } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    defaultValue: { token },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newPasswordSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <AuthLayout title={t("reset.title")}>
      {error ? (
        <>
          <p className="notice notice--error" role="alert">
            {t(error)}
          </p>
          <Link className="button" to="/forgot-password">
            {t("reset.again")}
          </Link>
        </>
      ) : (
        <>
          <FormError errors={form.errors} values={actionData?.values} />
          <FormProvider context={form.context}>
          <Form method="post" className="stack" {...getFormProps(form)}>
            <input {...getInputProps(fields.token, { type: "hidden" })} key={fields.token.key} />
            <TextField name={fields.password.name} label={t("reset.password")} type="password" autoComplete="new-password" />
            <TextField name={fields.confirmPassword.name} label={t("acceptInvite.confirmPassword")} type="password" autoComplete="new-password" />
            <button type="submit" className="button button--primary" disabled={navigation.state === "submitting"}>
              {t("reset.submit")}
            </button>
          </Form>
          </FormProvider>
        </>
      )}
    </AuthLayout>
  );
}
