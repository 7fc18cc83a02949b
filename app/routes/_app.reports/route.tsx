// Reports (issue 12): the year — everyone's allowances, used and remaining, two pictures, a CSV —
// and the vacations of a date range. Company admins only. Each tab keeps its data in
// <tab>.server.ts and its markup in <tab>-tab.tsx beside this module; the `tab` query parameter
// chooses. Decisions: docs/decisions/0024-reports-and-csv.md.
import type { LoaderFunctionArgs, MetaFunction, LinksFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ScreenErrorBoundary } from "~/components/screen-error";
import { pageTitle } from "~/lib/meta";
import { requireAdminUser } from "~/utils/auth.server";
import { withPageErrors } from "~/utils/form-errors.server";
import { getLanguage, getT } from "~/utils/i18n.server";
import { VacationsTab } from "./vacations-tab";
import { loadVacationsTab } from "./vacations.server";
import { YearTab } from "./year-tab";
import { loadYearTab } from "./year.server";
import reportsStyles from "~/styles/reports.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: reportsStyles },
];

// Spec section 8: 'Erro {status} ao carregar relatórios', else 'Falha ao carregar relatórios'; a
// 401 gets the spec's text and a link to sign in again.
export function ErrorBoundary() {
  return <ScreenErrorBoundary failedKey={(status) => (status >= 500 ? "reports.errors.loadFailed" : "reports.errors.status")} />;
}

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "nav.reports");

export function loader({ request, context }: LoaderFunctionArgs) {
  return withPageErrors(async () => {
    const viewer = await requireAdminUser({ request, context });
    const url = new URL(request.url);
    const language = await getLanguage(request);
    const t = getT(language);
    if (url.searchParams.get("tab") === "absences") return { tab: "absences", vacations: await loadVacationsTab(viewer, url, t) } as const;
    return { tab: "year", year: await loadYearTab(viewer, url, language, t) } as const;
  });
}

export default function Reports() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  return (
    <div className="reports">
      <h1 className="page__title">{t("nav.reports")}</h1>
      <nav className="tabs" aria-label={t("reports.tabs.label")}>
        <Link to="/reports" aria-current={data.tab === "year" ? "page" : undefined} className="tabs__tab">
          {t("reports.tabs.year")}
        </Link>
        <Link to="/reports?tab=absences" aria-current={data.tab === "absences" ? "page" : undefined} className="tabs__tab">
          {t("reports.tabs.absences")}
        </Link>
      </nav>
      {data.tab === "absences" ? <VacationsTab data={data.vacations} /> : <YearTab data={data.year} />}
    </div>
  );
}
