// The second step of a sign-up with a provider (decision 0089): the provider said who signs up;
// this asks what it could not, the company's name and country, and creates the company as
// /signup does. Plain form; works without JavaScript.
import { FormProvider, getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthLayout } from "~/components/auth-layout";
import { CountryZoneFields } from "~/components/country-zone-fields";
import { FormError } from "~/components/form-error";
import { TextField } from "~/components/text-field";
import { pageTitle } from "~/lib/meta";
import { providerSignupSchema } from "~/lib/schemas/identity";
import { listCountries, listTimeZones } from "~/models/holiday-catalogue.server";
import { replyWithAppError } from "~/utils/form-errors.server";
import { readFormData } from "~/utils/http.server";
import { getLanguage } from "~/utils/i18n.server";
import { cancelProviderSignup, completeProviderSignup, pendingSignup } from "~/utils/provider-sign-in.server";
import authStyles from "~/styles/auth.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: authStyles }];

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "signIn.signup.title");

export async function loader({ request }: LoaderFunctionArgs) {
  const pending = await pendingSignup(request);
  return { ...pending, countries: await listCountries(await getLanguage(request)), timeZones: listTimeZones() };
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  if (formData.get("intent") === "cancel") return cancelProviderSignup();
  const submission = parseWithZod(formData, { schema: providerSignupSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), values: {} }, { status: 400 });
  try {
    return await completeProviderSignup(request, submission.value);
  } catch (error) {
    return replyWithAppError(error, submission.reply);
  }
}

export default function ProviderSignup() {
  const { t } = useTranslation();
  const { provider, email, name, emailVerified, countries, timeZones } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    defaultValue: { fullName: name ?? "", countryCode: "PT", timeZone: "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: providerSignupSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const submitting = navigation.state !== "idle" && navigation.formAction === "/auth/signup";
  const providerName = t(`signIn.providers.${provider}`);
  return (
    <AuthLayout title={t("signIn.signup.title")}>
      <p data-testid="provider-signup-intro">{t("signIn.signup.intro", { provider: providerName, email })}</p>
      {emailVerified ? null : (
        <p className="notice notice--info" role="status">
          {t("signIn.signup.unverified", { provider: providerName })}
        </p>
      )}
      <FormError errors={form.errors} values={actionData?.values} />
      <FormProvider context={form.context}>
        <Form method="post" className="stack" {...getFormProps(form)}>
          <TextField name={fields.companyName.name} label={t("signup.companyName")} type="text" autoComplete="organization" autoFocus />
          <TextField name={fields.fullName.name} label={t("signup.fullName")} type="text" autoComplete="name" />
          <CountryZoneFields countryName={fields.countryCode.name} timeZoneName={fields.timeZone.name} countries={countries} timeZones={timeZones} guessTimeZone countryHint={t("signup.countryHint")} />
          <button type="submit" className="button button--primary" disabled={submitting}>
            {submitting ? t("signup.submitting") : t("signIn.signup.submit")}
          </button>
        </Form>
      </FormProvider>
      <Form method="post" className="stack">
        <button type="submit" name="intent" value="cancel" className="button">
          {t("signIn.confirm.cancel")}
        </button>
      </Form>
    </AuthLayout>
  );
}
