// The signed-in person's ways in (decision 0089): the providers linked to them (remove one; link
// another), and their password (set or change it through the e-mailed link, as "Forgot password").
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ActionNotice, type Notice } from "~/components/action-notice";
import { DateText } from "~/components/date-text";
import { ProviderButtons, SignInErrorNotice } from "~/components/provider-buttons";
import { todayIn } from "~/lib/dates";
import { pageTitle } from "~/lib/meta";
import { requestPasswordReset } from "~/models/account.server";
import { listOwnIdentities, unlinkOwnIdentity } from "~/models/identity-link.server";
import { requireUser } from "~/utils/auth.server";
import { withActionErrors, withPageErrors } from "~/utils/form-errors.server";
import { readFormData } from "~/utils/http.server";
import { configuredProviders } from "~/utils/oidc.server";
import { SIGN_IN_ERRORS } from "~/utils/provider-sign-in.server";
import { clientIp, consumeLimit, LIMITS } from "~/utils/rate-limit.server";
import authStyles from "~/styles/auth.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: authStyles }];

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "signIn.methods.title");

export function loader({ request, context }: LoaderFunctionArgs) {
  return withPageErrors(async () => {
    const viewer = await requireUser({ request, context });
    const url = new URL(request.url);
    const signInError = url.searchParams.get("signInError");
    const { hasPassword, identities } = await listOwnIdentities(viewer);
    return {
      hasPassword,
      // The day each was linked, in the company's calendar.
      identities: identities.map(({ createdAt, ...identity }) => ({ ...identity, since: todayIn(viewer.timeZone, createdAt) })),
      providers: configuredProviders(),
      linked: url.searchParams.get("linked") === "1",
      signInError: (SIGN_IN_ERRORS as readonly string[]).includes(signInError ?? "") ? signInError : null,
    };
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const viewer = await requireUser(request);
  const form = await readFormData(request);
  return withActionErrors(async (): Promise<{ notice: Notice }> => {
    if (form.get("intent") === "unlink") {
      await unlinkOwnIdentity(viewer, String(form.get("id") ?? ""));
      return { notice: { tone: "success", key: "signIn.methods.unlinked" } };
    }
    await consumeLimit(LIMITS.resetPerIp, clientIp(request));
    await consumeLimit(LIMITS.resetPerEmail, viewer.user.email);
    await requestPasswordReset(viewer.user.email);
    return { notice: { tone: "success", key: "signIn.methods.passwordLinkSent" } };
  });
}

export default function SignInMethods() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const linkable = data.providers.filter((provider) => !data.identities.some((identity) => identity.provider === provider));
  return (
    <section className="card sign-in-methods" aria-labelledby="sign-in-methods-heading">
      <h1 id="sign-in-methods-heading">{t("signIn.methods.title")}</h1>
      <ActionNotice notice={answer?.notice} />
      <SignInErrorNotice code={data.signInError} />
      {data.linked ? (
        <p className="notice notice--success" role="status">
          {t("signIn.methods.linked")}
        </p>
      ) : null}
      <h2>{t("signIn.methods.linkedTitle")}</h2>
      {data.identities.length ? (
        <ul className="sign-in-methods__list">
          {data.identities.map((identity) => (
            <li key={identity.id}>
              <span>
                <strong>{t(`signIn.providers.${identity.provider}`)}</strong> · {identity.email} ·{" "}
                {t("signIn.methods.since")} <DateText date={identity.since} />
              </span>
              <Form method="post">
                <input type="hidden" name="id" value={identity.id} />
                <button type="submit" name="intent" value="unlink" className="button" aria-label={t("signIn.methods.removeNamed", { provider: t(`signIn.providers.${identity.provider}`) })}>
                  {t("signIn.methods.remove")}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{t("signIn.methods.none")}</p>
      )}
      <ProviderButtons providers={linkable} query={{ intent: "link" }} />
      <h2>{t("signIn.methods.passwordTitle")}</h2>
      <p>{data.hasPassword ? t("signIn.methods.hasPassword") : t("signIn.methods.noPassword")}</p>
      <Form method="post">
        <button type="submit" name="intent" value="password" className="button">
          {data.hasPassword ? t("signIn.methods.changePassword") : t("signIn.methods.setPassword")}
        </button>
      </Form>
    </section>
  );
}
