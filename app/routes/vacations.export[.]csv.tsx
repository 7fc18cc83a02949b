import type { LoaderFunctionArgs } from "@remix-run/node";
import { categoryName } from "~/components/absence-category-name";
import { csvDialectFor, csvFileName, csvResponse, labelsOf, toCsv } from "~/lib/csv";
import { displayName } from "~/lib/people";
import { readVacationFilters } from "~/lib/vacation-filters";
import { vacationWorkingDays } from "~/lib/leave-charge";
import { chargedHours } from "~/lib/leave-request";
import { spanOfVacations } from "~/lib/holiday-spans";
import { companyRefOf, loadHolidayCalendars } from "~/models/balance.server";
import { listCategories } from "~/models/calendar.server";
import { searchVacations, MAX_EXPORT_ROWS } from "~/models/vacation.server";
import { chargedSources, readChargedSchedulesOf } from "~/models/charged-schedules.server";
import { loadScheduleTimelines } from "~/models/work-schedule.server";
import { requireUser } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { withPageErrors } from "~/utils/form-errors.server";
import { getLanguage, getT } from "~/utils/i18n.server";
import { isAdmin } from "~/utils/permissions.server";

// Every row under the Absences page's current filters (not just the page shown): the person's own
// vacations, or with scope=company (admins) the whole company's. A fixed number of queries.
export function loader({ request }: LoaderFunctionArgs) {
  return withPageErrors(async () => {
    const viewer = await requireUser(request);
    const params = new URL(request.url).searchParams;
    const companyScope = params.get("scope") === "company" && isAdmin(viewer);
    const { filters } = readVacationFilters(params);
    const { items } = await searchVacations(viewer, { ...filters, userId: companyScope ? undefined : viewer.userId, limit: MAX_EXPORT_ROWS });
    const userIds = [...new Set(items.map((v) => v.userId))];
    const [people, holidays, categories, schedules] = await Promise.all([
      getDb().user.findMany({
        where: { companyId: viewer.companyId, id: { in: userIds } },
        select: { id: true, fullName: true, name: true, email: true, countryCode: true, region: true },
      }),
      loadHolidayCalendars(getDb(), companyRefOf(viewer), spanOfVacations(items)),
      listCategories(viewer, { activeOnly: false }),
      loadScheduleTimelines(getDb(), viewer.companyId, userIds),
    ]);
    const language = await getLanguage(request);
    const t = getT(language);
    const byId = new Map(people.map((p) => [p.id, p]));
    const categoryNames = new Map(categories.map((c) => [c.id, categoryName(t, c)]));
    const hourCategories = new Set(categories.filter((c) => c.unit === "hour").map((c) => c.id));
    const header = [
      ...(companyScope ? [t("export.name"), t("export.email")] : []),
      t("export.start"),
      t("export.end"),
      t("export.workingDays"),
      t("export.type"),
      t("export.status"),
      t("export.description"),
      // Hours charged, for a company with an hour category (empty for requests in days; decision 0081).
      ...(hourCategories.size > 0 ? [t("hours.csvColumn")] : []),
    ];
    const status = labelsOf((value) => t(`export.statuses.${value}`, { defaultValue: value }));
    // Each request counts with the schedules it was charged with (decision 0083).
    const charged = chargedSources(schedules, await readChargedSchedulesOf(getDb(), schedules, viewer.companyId, items));
    const rows = items.map((v) => {
      const person = byId.get(v.userId);
      const calendar = holidays.calendarFor(person ?? {});
      const days = vacationWorkingDays(v, calendar, charged.countDaysOf(v));
      const hours = hourCategories.size > 0 ? [hourCategories.has(v.categoryId) ? (chargedHours(v, calendar, charged.schedulesOf(v)) ?? "") : ""] : [];
      return [
        ...(companyScope ? [person ? displayName(person) : "", person?.email ?? ""] : []),
        v.startDate,
        v.endDate,
        days,
        categoryNames.get(v.categoryId) ?? v.categoryId,
        status(v.status),
        v.description,
        ...hours,
      ];
    });
    const name = csvFileName(t(companyScope ? "export.files.company" : "export.files.mine"));
    return csvResponse(name, toCsv(header, rows, csvDialectFor(language)));
  });
}
