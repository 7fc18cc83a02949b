import { FormProvider, getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, data, redirect, type LinksFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthLayout } from "~/components/auth-layout";
import { CountryZoneFields } from "~/components/country-zone-fields";
import { FormError } from "~/components/form-error";
import { TextField } from "~/components/text-field";
import { TRIAL_DAYS } from "~/lib/constants";
import { pageTitle } from "~/lib/meta";
import { signupSchema } from "~/lib/schemas/identity";
import { registerCompany } from "~/models/company.server";
import { listCountries, listTimeZones } from "~/models/holiday-catalogue.server";
import { getOptionalViewer } from "~/utils/auth.server";
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

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "signup.title");

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getOptionalViewer(request)) throw redirect("/");
  const signInError = new URL(request.url).searchParams.get("signInError");
  return {
    countries: await listCountries(await getLanguage(request)),
    timeZones: listTimeZones(),
    // A provider signs up too (decision 0089): the company's name is asked when it answers.
    providers: configuredProviders(),
    signInError: (SIGN_IN_ERRORS as readonly string[]).includes(signInError ?? "") ? signInError : null,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: signupSchema });
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: ["password"] }), values: {} }, { status: 400 });
  try {
    await consumeLimit(LIMITS.signupPerIp, clientIp(request));
    await registerCompany({ ...submission.value, language: await getLanguage(request) });
  } catch (error) {
    return replyWithAppError(error, submission.reply, ["password"]);
  }
  // The owner confirms the e-mail before the first sign-in (docs/decisions/0007-identity.md).
  return redirect("/login?checkEmail=1");
}

export default function Signup() {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  const { countries, timeZones, providers, signInError } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    defaultValue: { countryCode: "PT", timeZone: "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signupSchema }),
    // Not on blur: a message appearing under a field moves the submit button away from the
    // pointer between mousedown and click, and the click is lost.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const submitting = navigation.state !== "idle" && navigation.formAction === "/signup";
  return (
    <AuthLayout title={t("signup.title")}>
      <p className="muted">{t("signup.intro", { count: TRIAL_DAYS })}</p>
      <SignInErrorNotice code={signInError} />
      <FormError errors={form.errors} values={actionData?.values} />
      <FormProvider context={form.context}>
          <Form method="post" className="stack" {...getFormProps(form)}>
        <TextField name={fields.companyName.name} label={t("signup.companyName")} type="text" autoComplete="organization" />
        <TextField name={fields.billingEmail.name} label={t("signup.billingEmail")} type="email" autoComplete="email" hint={t("signup.billingEmailHint")} />
        <TextField name={fields.fullName.name} label={t("signup.fullName")} type="text" autoComplete="name" />
        <TextField name={fields.email.name} label={t("signup.email")} type="email" autoComplete="email" />
        <TextField name={fields.password.name} label={t("signup.password")} type="password" autoComplete="new-password" hint={t("signup.passwordHint")} />
        <CountryZoneFields countryName={fields.countryCode.name} timeZoneName={fields.timeZone.name} countries={countries} timeZones={timeZones} guessTimeZone countryHint={t("signup.countryHint")} />
        <button type="submit" className="button button--primary" disabled={submitting}>
          {submitting ? t("signup.submitting") : t("signup.submit")}
        </button>
      </Form>
          </FormProvider>
      <ProviderButtons providers={providers} query={{ intent: "signup" }} />
      <p className="auth-links">
        <Link to="/login">{t("signup.haveAccount")}</Link>
      </p>
    </AuthLayout>
  );
}
