import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, data, redirect, type LinksFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthLayout } from "~/components/auth-layout";
import { categoryName } from "~/components/absence-category-name";
import { ChargeChangeNote } from "~/components/charge-change-note";
import { DateRangeText } from "~/components/date-text";
import { formatDays, formatLeaveAmount } from "~/lib/format";
import { pageTitle } from "~/lib/meta";
import { describeActionLink, redeemActionLink } from "~/models/vacation-action.server";
import { AppError } from "~/utils/errors.server";
import { readFormData } from "~/utils/http.server";
import authStyles from "~/styles/auth.css";
import { RuleWarningsNote } from "~/components/rule-warnings";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: authStyles },
];

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "decision.title");

// Reached from the Approve / Reject link of an admin's e-mail; no session needed, the link is the key.
export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  try {
    return { token, details: await describeActionLink(token), error: null };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return data({ token, details: null, error: error.message }, { status: error.status });
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const token = String((await readFormData(request)).get("token") ?? "");
  try {
    const { decision } = await redeemActionLink(token);
    return redirect(`/vacation-action?message=vacation_${decision}`);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return data({ error: error.message }, { status: error.status });
  }
}

export default function VacationDecision() {
  const { t, i18n } = useTranslation();
  const { token, details, error: linkError } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const error = result?.error ?? linkError;
  return (
    <AuthLayout title={t("decision.title")}>
      {error || !details ? (
        <>
          <p className="notice notice--error" role="alert">
            {t(error ?? "token.invalid")}
          </p>
          <Link className="button" to="/approvals">
            {t("decision.toApp")}
          </Link>
        </>
      ) : (
        <>
          <dl className="details">
            <dt>{t("decision.requester")}</dt>
            <dd>{details.vacation.requester}</dd>
            <dt>{t("decision.dates")}</dt>
            <dd>
              <DateRangeText start={details.vacation.startDate} end={details.vacation.endDate} /> (
              {details.vacation.hours !== undefined
                ? `${formatLeaveAmount(details.vacation.hours, "hour", i18n.language)}${details.vacation.startTime && details.vacation.endTime ? `, ${details.vacation.startTime}–${details.vacation.endTime}` : ""}`
                : t("decision.workingDays", { count: details.vacation.workingDays, days: formatDays(details.vacation.workingDays, i18n.language) })}
              )
              {details.vacation.chargeChange ? (
                <>
                  <br />
                  <ChargeChangeNote change={details.vacation.chargeChange} />
                </>
              ) : null}
            </dd>
            <dt>{t("decision.category")}</dt>
            <dd>
              {categoryName(t, { id: details.vacation.categoryId, name: details.vacation.categoryName })}
              <RuleWarningsNote warnings={details.vacation.ruleWarnings} />
            </dd>
            {details.vacation.description ? (
              <>
                <dt>{t("decision.description")}</dt>
                <dd>{details.vacation.description}</dd>
              </>
            ) : null}
            {details.balance ? (
              <>
                <dt>{t("decision.remaining")}</dt>
                <dd data-testid="decision-remaining">
                  {t("decision.available", { count: details.balance.remaining, remaining: formatDays(details.balance.remaining, i18n.language), total: formatDays(details.balance.total, i18n.language) })}
                </dd>
              </>
            ) : null}
          </dl>
          <h2 className="details__heading">{t("decision.awayTogether")}</h2>
          {details.awayTogether.length ? (
            <ul data-testid="away-together">
              {details.awayTogether.map((v) => (
                <li key={`${v.name}-${v.startDate}`}>
                  {v.name}: <DateRangeText start={v.startDate} end={v.endDate} /> ({t(`decision.status.${v.status}`)})
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">{t("decision.nobodyAway")}</p>
          )}
          <Form method="post">
            <input type="hidden" name="token" value={token} />
            <button
              type="submit"
              className={`button ${details.action === "approve" ? "button--primary" : "button--danger"}`}
              disabled={navigation.state !== "idle"}
            >
              {details.action === "approve" ? t("decision.approve") : t("decision.reject")}
            </button>
          </Form>
        </>
      )}
    </AuthLayout>
  );
}
