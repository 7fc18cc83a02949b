import type { LoaderFunctionArgs } from "@remix-run/node";
import { csvResponse, toCsv } from "~/lib/csv";
import { isDateInWindow } from "~/lib/input-limits";
import { buildHolidayIndex, countWorkingDays, holidayCalendarFor } from "~/lib/working-days";
import { searchVacations, MAX_EXPORT_ROWS } from "~/models/vacation.server";
import { requireUser } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { getLanguage, getT } from "~/utils/i18n.server";
import { isAdmin } from "~/utils/permissions.server";

// Every row under the Absences page's current filters (not just the page shown): the person's own
// absences, or with scope=company (admins) the whole company's. A fixed number of queries.
export async function loader({ request }: LoaderFunctionArgs) {
  const { user, companyId } = await requireUser(request);
  const q = new URL(request.url).searchParams;
  const pick = (...names: string[]) => names.map((n) => q.get(n)?.trim()).find(Boolean) || undefined;
  const date = (value: string | undefined) => (isDateInWindow(value) ? value : undefined);
  const companyScope = q.get("scope") === "company" && isAdmin(user);
  const status = pick("status");
  const { items } = await searchVacations(companyId, {
    userId: companyScope ? undefined : user.id,
    categoryId: pick("type", "category", "absence_category_id"),
    status: status && ["pending", "approved", "rejected", "cancelled"].includes(status) ? status : undefined,
    dateFrom: date(pick("from", "date_from")),
    dateTo: date(pick("to", "date_to")),
    limit: MAX_EXPORT_ROWS,
  });
  const db = getDb();
  const [company, people, holidays, categories] = await Promise.all([
    db.company.findUniqueOrThrow({ where: { id: companyId }, select: { countryCode: true } }),
    db.user.findMany({
      where: { companyId, id: { in: [...new Set(items.map((v) => v.userId))] } },
      select: { id: true, fullName: true, email: true, countryCode: true, region: true },
    }),
    db.holiday.findMany({ where: { companyId }, select: { date: true, countryCode: true, region: true, isRecurring: true } }),
    db.absenceCategory.findMany({ where: { companyId }, select: { id: true, name: true } }),
  ]);
  const t = getT(await getLanguage(request));
  const index = buildHolidayIndex(holidays);
  const byId = new Map(people.map((p) => [p.id, p]));
  const categoryName = new Map(categories.map((c) => [c.id, t(`absences.categories.${c.id}`, { defaultValue: c.name })]));
  const header = [
    ...(companyScope ? [t("export.name"), t("export.email")] : []),
    t("export.start"),
    t("export.end"),
    t("export.workingDays"),
    t("export.type"),
    t("export.status"),
    t("export.description"),
  ];
  const rows = items.map((v) => {
    const person = byId.get(v.userId);
    const days = countWorkingDays(v, holidayCalendarFor(index, person ?? {}, company.countryCode));
    return [
      ...(companyScope ? [person?.fullName ?? "", person?.email ?? ""] : []),
      v.startDate,
      v.endDate,
      days,
      categoryName.get(v.categoryId) ?? v.categoryId,
      t(`export.statuses.${v.status}`, { defaultValue: v.status }),
      v.description,
    ];
  });
  return csvResponse(companyScope ? "company-absences.csv" : "my-absences.csv", toCsv(header, rows));
}
