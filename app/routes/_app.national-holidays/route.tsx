// Bank holidays (spec section 2): everyone sees the company's holidays with the filters of spec
// section 5; company admins add one, delete, import a CSV (preview first) and load a country's or
// region's official holidays. Each area keeps its piece beside this module; forms post here with
// an intent ("create", "delete", "import", "catalogue").
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction, LinksFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { pageTitle } from "~/lib/meta";
import { requireUser } from "~/utils/auth.server";
import { withActionErrors, withPageErrors } from "~/utils/form-errors.server";
import { readFormData } from "~/utils/http.server";
import { getLanguage } from "~/utils/i18n.server";
import { CatalogueCard } from "./catalogue-card";
import { CreateHolidayCard } from "./create-card";
import { HolidayFilters, HolidayList } from "./holiday-list";
import { holidaysAction, loadHolidaysPage, type HolidaysReply } from "./holidays.server";
import { CsvImportCard } from "./import-card";
import nationalHolidaysStyles from "~/styles/national-holidays.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: nationalHolidaysStyles },
];

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "nav.bankHolidays");

export function loader({ request, context }: LoaderFunctionArgs) {
  return withPageErrors(async () => {
    const viewer = await requireUser({ request, context });
    return loadHolidaysPage(viewer, new URL(request.url), await getLanguage(request));
  });
}

export function action({ request }: ActionFunctionArgs) {
  return withActionErrors(async () => {
    const viewer = await requireUser(request);
    return holidaysAction(viewer, await readFormData(request), await getLanguage(request));
  });
}

/** Intents whose answers show inside their own card; the others' (delete, a refusal) above the list. */
const CARD_INTENTS = ["create", "import", "catalogue"];

export default function NationalHolidays() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<HolidaysReply>();
  const intent = actionData && "intent" in actionData ? actionData.intent : undefined;
  const notice = actionData && "notice" in actionData && !CARD_INTENTS.includes(intent ?? "") ? actionData.notice : null;
  return (
    <div className="holidays">
      <header className="page-header">
        <h1 className="page__title">{t("nav.bankHolidays")}</h1>
      </header>
      <p className="holidays__intro">{t("holidays.intro")}</p>
      {data.canManage ? (
        <div className="holidays__tools">
          <CreateHolidayCard />
          <CsvImportCard />
          <CatalogueCard />
        </div>
      ) : (
        <p className="muted">{t("holidays.readOnly")}</p>
      )}
      <HolidayFilters />
      <HolidayList notice={notice} />
    </div>
  );
}
