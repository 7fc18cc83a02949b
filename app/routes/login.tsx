import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction, redirect, type LinksFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigate, useNavigation, useSearchParams } from "@remix-run/react";
import { useEffect } from "react";
import { AuthorizationError } from "~/utils/auth-errors.server";
import { useTranslation } from "react-i18next";
import { AuthLayout } from "~/components/auth-layout";
import { FieldError } from "~/components/field-error";
import { isLanguage, messageValues } from "~/i18n";
import { loginFormSchema, ssoStepSchema } from "~/lib/schemas/auth";
import { safeRedirect } from "~/lib/safe-redirect";
import { authenticator, getOptionalViewer, INVALID_CREDENTIALS, startSession } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { deviceCookieHeader } from "~/utils/device-cookie.server";
import { AppError, errorInit } from "~/utils/errors.server";
import { languageCookieHeader } from "~/utils/i18n.server";
import { readFormData } from "~/utils/http.server";
import { configuredProviders } from "~/utils/oidc.server";
import { SIGN_IN_ERRORS, startSsoSignIn } from "~/utils/provider-sign-in.server";
import { ProviderButtons, SignInErrorNotice } from "~/components/provider-buttons";
import { ContinueToProvider } from "~/components/continue-to-provider";
import authStyles from "~/styles/auth.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: authStyles },
];

export const meta: MetaFunction = () => [{ title: "Folga" }];

export async function loader({ request }: LoaderFunctionArgs) {
  // An invitation link that landed here (spec: token in the query) goes to the accept screen.
  const url = new URL(request.url);
  if (url.searchParams.get("token")) throw redirect(`/accept-invite?${url.searchParams}`);
  if (await getOptionalViewer(request)) throw redirect("/");
  const signInError = url.searchParams.get("signInError");
  return { providers: configuredProviders(), signInError: (SIGN_IN_ERRORS as readonly string[]).includes(signInError ?? "") ? signInError : null };
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  // The e-mail step: an address of a company's SSO domains goes to the company's IdP.
  if (formData.get("intent") === "sso") {
    const email = String(formData.get("email") ?? "").trim().toLowerCase();
    try {
      const started = email.includes("@") ? await startSsoSignIn(request, email, String(formData.get("redirectTo") ?? "")) : null;
      if (started) return data({ result: null, error: null, errorValues: {}, unverifiedEmail: null, continueTo: started.url }, { headers: { "Set-Cookie": started.cookie } });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return data({ result: null, error: error.message, errorValues: error.params, unverifiedEmail: null, continueTo: null }, errorInit(error));
    }
    return data({ result: null, error: "signIn.errors.no_sso", errorValues: {}, unverifiedEmail: null, continueTo: null }, { status: 400 });
  }
  const submission = parseWithZod(formData, { schema: loginFormSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), error: null, errorValues: {}, unverifiedEmail: null, continueTo: null }, { status: 400 });
  }
  // Decided before the session exists: nothing about the target can fail once it does.
  const target = safeRedirect(submission.value.redirectTo);
  try {
    // The body was read above; remix-auth copies the request, so hand it one without a body.
    const bodyless = new Request(request.url, { method: "POST", headers: request.headers });
    const sessionId = await authenticator.authenticate("form", bodyless, { throwOnError: true, context: { formData } });
    const { user } = await getDb().session.findUniqueOrThrow({
      where: { id: sessionId },
      select: { user: { select: { id: true, preferredLanguage: true, tokenVersion: true } } },
    });
    const headers = new Headers({ "Set-Cookie": await startSession(request, sessionId, user.id) });
    // This browser now knows the account: the account's sign-in wait no longer holds it (decision 0070).
    headers.append("Set-Cookie", await deviceCookieHeader(request, user));
    // The profile's language follows the person to a new browser.
    if (isLanguage(user.preferredLanguage)) headers.append("Set-Cookie", await languageCookieHeader(user.preferredLanguage));
    return redirect(target, { headers });
  } catch (error) {
    if (error instanceof AuthorizationError) {
      const cause = error.cause instanceof AppError ? error.cause : new AppError(401, "invalid_credentials", INVALID_CREDENTIALS);
      return data(
        {
          result: submission.reply({ hideFields: ["password"] }),
          error: cause.message,
          errorValues: cause.params,
          unverifiedEmail: cause.code === "email_not_verified" ? submission.value.email : null,
          continueTo: null,
        },
        errorInit(cause),
      );
    }
    throw error;
  }
}

export default function Login() {
  const { t } = useTranslation();
  useInvitationInHash();
  const actionData = useActionData<typeof action>();
  const { providers, signInError } = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult: actionData?.result ?? undefined,
    // The SSO button skips the password: with JavaScript, Conform validates before Remix submits,
    // and a password step's check would keep the SSO step from ever being sent.
    onValidate: ({ formData }) => parseWithZod(formData, { schema: formData.get("intent") === "sso" ? ssoStepSchema : loginFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const submitting = navigation.state !== "idle" && navigation.formAction?.startsWith("/login");

  return (
    <AuthLayout title={t("login.title")}>
      {searchParams.get("checkEmail") === "1" ? (
        <p className="notice notice--info" role="status">
          {t("login.checkEmail")}
        </p>
      ) : null}
      {searchParams.get("reset") === "1" ? (
        <p className="notice notice--success" role="status">
          {t("login.passwordReset")}
        </p>
      ) : null}
      {searchParams.get("invited") === "1" ? (
        <p className="notice notice--success" role="status">
          {t("login.invited")}
        </p>
      ) : null}
      <SignInErrorNotice code={signInError} />
      {actionData?.continueTo ? <ContinueToProvider url={actionData.continueTo} /> : null}
      {actionData?.error ? (
        <div className="notice notice--error" role="alert" id="login-error">
          <p>{t(actionData.error, messageValues(actionData.errorValues))}</p>
          {actionData.unverifiedEmail ? (
            <Form method="post" action="/resend-verification">
              <input type="hidden" name="email" value={actionData.unverifiedEmail} />
              <button type="submit" className="button">
                {t("login.resendVerification")}
              </button>
            </Form>
          ) : null}
        </div>
      ) : null}
      <Form method="post" className="stack" {...getFormProps(form)}>
        <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
        <label className="field">
          <span>{t("login.email")}</span>
          <input
            {...getInputProps(fields.email, { type: "email" })}
            autoComplete="email"
            autoFocus
            key={fields.email.key}
          />
          <FieldError errors={fields.email.errors} id={fields.email.errorId} />
        </label>
        <label className="field">
          <span>{t("login.password")}</span>
          <input {...getInputProps(fields.password, { type: "password" })} autoComplete="current-password" key={fields.password.key} />
          <FieldError errors={fields.password.errors} id={fields.password.errorId} />
        </label>
        <button type="submit" className="button button--primary" disabled={submitting}>
          {submitting ? t("login.submitting") : t("login.submit")}
        </button>
        {/* The e-mail step of company SSO: only the e-mail counts, so the browser's checks stay off. */}
        <button type="submit" name="intent" value="sso" className="button" formNoValidate>
          {t("signIn.sso.continue")}
        </button>
      </Form>
      <ProviderButtons providers={providers} query={searchParams.get("redirectTo") ? { redirectTo: searchParams.get("redirectTo") ?? "" } : undefined} />
      <p className="auth-links">
        <Link to="/forgot-password">{t("login.forgotPassword")}</Link>
        <Link to="/signup">{t("login.createAccount")}</Link>
      </p>
    </AuthLayout>
  );
}

/** Invitation links may carry the token after '#', which only the browser sees. */
function useInvitationInHash() {
  const navigate = useNavigate();
  useEffect(() => {
    const hash = new URLSearchParams(window.location.hash.slice(1));
    if (hash.get("token")) navigate(`/accept-invite?${hash}`, { replace: true });
  }, [navigate]);
}
