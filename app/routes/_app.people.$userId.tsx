// /people/:userId?year=Y — a colleague's year: who they are, their allowances (for those who may
// see them) and the twelve months with their vacations. The company calendar's side panel loads
// the same data with JavaScript; without it, the calendar links here.
import type { LoaderFunctionArgs, MetaFunction, LinksFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ExitExportLinks } from "~/components/exit-export-links";
import { PersonBalances, PersonIdentity } from "~/components/person-overview";
import { PersonYear } from "~/components/person-year";
import { todayIn, yearOf } from "~/lib/dates";
import { pageTitle } from "~/lib/meta";
import { readYear } from "~/lib/year-param";
import { getPersonOverview } from "~/models/person-overview.server";
import { requireUser } from "~/utils/auth.server";
import { getLanguage } from "~/utils/i18n.server";
import { withPageErrors } from "~/utils/form-errors.server";
import balanceCardsStyles from "~/styles/balance-cards.css";
import personStyles from "~/styles/person.css";
import companyMonthStyles from "~/styles/company-month.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: balanceCardsStyles },
  { rel: "stylesheet", href: personStyles },
  { rel: "stylesheet", href: companyMonthStyles },
];

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const [{ title }] = pageTitle(matches, "nav.companyCalendar");
  return [{ title: data ? `${data.person.name} · ${title}` : title }];
};

export function loader({ request, params, context }: LoaderFunctionArgs) {
  return withPageErrors(async () => {
    const viewer = await requireUser({ request, context });
    const today = todayIn(viewer.timeZone);
    const year = readYear(new URL(request.url).searchParams.get("year"), yearOf(today));
    const overview = await getPersonOverview(viewer, params.userId ?? "", year, await getLanguage(request));
    return { ...overview, today, currentYear: yearOf(today) };
  });
}

export default function PersonPage() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const { year, person } = data;
  const yearUrl = (y: number) => `/people/${person.id}?year=${y}`;
  return (
    <div className="person-page">
      <p className="person-page__back">
        <Link to={`/company-calendar`}>← {t("nav.companyCalendar")}</Link>
      </p>
      <section className="card person-overview" aria-labelledby="person-heading">
        <PersonIdentity data={data} headingId="person-heading" />
      </section>
      <PersonBalances data={data} />
      <section className="card calendar-card" aria-labelledby="person-year-heading">
        <div className="card__header">
          <h2 id="person-year-heading">{t("companyCalendar.person.yearTitle", { name: person.name, year })}</h2>
          <nav className="year-switch" aria-label={t("absences.myCalendar.yearNav")}>
            <Link className="button year-switch__step" to={yearUrl(year - 1)} aria-label={t("absences.myCalendar.previousYear", { year: year - 1 })}>
              <span aria-hidden="true">‹</span>
            </Link>
            <span className="year-switch__year">{year}</span>
            <Link className="button year-switch__step" to={yearUrl(year + 1)} aria-label={t("absences.myCalendar.nextYear", { year: year + 1 })}>
              <span aria-hidden="true">›</span>
            </Link>
            <Link className="button" to={yearUrl(data.currentYear)} aria-current={year === data.currentYear ? "page" : undefined}>
              {t("absences.myCalendar.currentYear")}
            </Link>
          </nav>
        </div>
        <PersonYear year={year} today={data.today} vacations={data.vacations} holidays={data.holidays} offDays={data.offDays} />
      </section>
      {/* The person and company admins: the same rule as the balance explanation's link. */}
      {data.canExplainBalances ? <ExitExportLinks userId={person.id} /> : null}
    </div>
  );
}
