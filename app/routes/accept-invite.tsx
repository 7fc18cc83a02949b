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
import { acceptInvitation, describeInvitation } from "~/models/invitation.server";
import { AppError } from "~/utils/errors.server";
import { replyWithAppError } from "~/utils/form-errors.server";
import { getLanguage } from "~/utils/i18n.server";
import { clientIp, consumeLimit, LIMITS } from "~/utils/rate-limit.server";
import { readFormData } from "~/utils/http.server";
import { configuredProviders } from "~/utils/oidc.server";
import { SIGN_IN_ERRORS } from "~/utils/provider-sign-in.server";
import { ProviderButtons, SignInErrorNotice } from "~/components/provider-buttons";
import authStyles from "~/styles/auth.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: authStyles },
];

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "acceptInvite.title");

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token") ?? "";
  try {
    const invitation = await describeInvitation(token);
    const signInError = url.searchParams.get("signInError");
    const providers = configuredProviders();
    return { token, invitation, name: url.searchParams.get("name") ?? invitation.fullName, error: null, providers, signInError: (SIGN_IN_ERRORS as readonly string[]).includes(signInError ?? "") ? signInError : null };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return data({ token, invitation: null, name: "", error: error.message, providers: [], signInError: null }, { status: error.status });
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: newPasswordSchema });
  const hide = ["password", "confirmPassword"];
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: hide }), values: {} }, { status: 400 });
  try {
    await consumeLimit(LIMITS.acceptInvitePerIp, clientIp(request));
    await acceptInvitation(submission.value.token, {
      fullName: submission.value.fullName,
      password: submission.value.password,
      language: await getLanguage(request),
    });
  } catch (error) {
    return replyWithAppError(error, submission.reply, hide);
  }
  return redirect("/login?checkEmail=0&invited=1");
}

export default function AcceptInvite() {
  const { t } = useTranslation();
  const { token, invitation, name, error, providers, signInError } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    defaultValue: { token, fullName: name },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newPasswordSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <AuthLayout title={t("acceptInvite.title")}>
      {error ? (
        <p className="notice notice--error" role="alert">
          {t(error)}
        </p>
      ) : (
        <>
          <p className="muted">{t("acceptInvite.intro", { company: invitation?.companyName, email: invitation?.email })}</p>
          <SignInErrorNotice code={signInError} />
          <FormError errors={form.errors} values={actionData?.values} />
          <FormProvider context={form.context}>
          <Form method="post" className="stack" {...getFormProps(form)}>
            <input {...getInputProps(fields.token, { type: "hidden" })} key={fields.token.key} />
            <TextField name={fields.fullName.name} label={t("acceptInvite.fullName")} type="text" autoComplete="name" />
            <TextField name={fields.password.name} label={t("acceptInvite.password")} type="password" autoComplete="new-password" />
            <TextField name={fields.confirmPassword.name} label={t("acceptInvite.confirmPassword")} type="password" autoComplete="new-password" />
            <button type="submit" className="button button--primary" disabled={navigation.state === "submitting"}>
              {navigation.state === "submitting" ? t("acceptInvite.submitting") : t("acceptInvite.submit")}
            </button>
          </Form>
          </FormProvider>
          <ProviderButtons providers={providers} query={{ invitation: token }} />
        </>
      )}
      <p className="auth-links">
        <Link to="/login">{t("acceptInvite.haveAccount")}</Link>
      </p>
    </AuthLayout>
  );
}
