import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, data, type LinksFunction } from "@remix-run/node";
import { Form, Link, type ShouldRevalidateFunction, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { AuthLayout } from "~/components/auth-layout";
import { pageTitle } from "~/lib/meta";
import { verifyEmail } from "~/models/account.server";
import { peekUserToken } from "~/models/user-token.server";
import { endSession } from "~/utils/auth.server";
import { AppError } from "~/utils/errors.server";
import { readFormData } from "~/utils/http.server";
import authStyles from "~/styles/auth.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: authStyles },
];

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "verify.title");

export const REDIRECT_SECONDS = 1.2;

// Opening the link only checks it; confirming is a POST (a button, pressed automatically when
// JavaScript runs), so mail scanners that prefetch links cannot use the token up.
export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  if (!token) return data({ token, error: "verify.tokenMissing" }, { status: 400 });
  try {
    await peekUserToken(token, "verify_email");
    return { token, error: null };
  } catch (error) {
    if (error instanceof AppError) return data({ token, error: error.message }, { status: error.status });
    throw error;
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const token = String((await readFormData(request)).get("token") ?? "");
  try {
    await verifyEmail(token);
  } catch (error) {
    if (error instanceof AppError) return data({ ok: false, error: error.message }, { status: error.status });
    throw error;
  }
  // Spec: a confirmed e-mail clears any stored session; the person signs in afresh. The status is
  // explicit: without one, the page's answer takes the loader's, which re-checks the now used token
  // (a 400) when the page is drawn again after this action.
  return data({ ok: true, error: null }, { status: 200, headers: { "Set-Cookie": await endSession(request) } });
}

// After confirming, the loader would check a token the action has just used up: a 400 for
// nothing, as the page shows the action's answer. Only the link's own check counts.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod?.toUpperCase() === "POST" ? false : defaultShouldRevalidate;

export default function VerifyEmail() {
  const { t } = useTranslation();
  const { token, error: linkError } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const form = useRef<HTMLFormElement>(null);
  const loading = navigation.state === "submitting";
  const error = result?.error ?? linkError;

  useEffect(() => {
    if (!linkError && !result) form.current?.requestSubmit();
  }, [linkError, result]);

  return (
    <AuthLayout title={t("verify.title")}>
      {result?.ok ? (
        <>
          <meta httpEquiv="refresh" content={`${REDIRECT_SECONDS};url=/login`} />
          <p className="notice notice--success" role="status">
            {t("verify.ok")}
          </p>
          <Link className="button button--primary" to="/login">
            {t("verify.toLogin")}
          </Link>
        </>
      ) : error ? (
        <>
          <p className="notice notice--error" role="alert">
            {t(error)}
          </p>
          <Link className="button" to="/login">
            {t("verify.toLogin")}
          </Link>
        </>
      ) : (
        <Form method="post" ref={form} className="stack">
          <input type="hidden" name="token" value={token} />
          <p aria-live="polite">{loading ? t("verify.loading") : t("verify.prompt")}</p>
          <button type="submit" className="button button--primary" disabled={loading}>
            {t("verify.confirm")}
          </button>
        </Form>
      )}
    </AuthLayout>
  );
}
