// Absences, its server half (decision 0108): the loader and the action.
import { withReviewRouting } from "~/models/approval.server";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { toVacationTableRow, type VacationTableRow } from "~/components/vacation-table";
import { readPaging } from "~/components/pager";
import { todayIn, yearOf } from "~/lib/dates";
import { readVacationFilters, vacationFilterQuery } from "~/lib/vacation-filters";
import { createVacationFromForm, readCreatedFlag, runRowAction } from "~/models/vacation-form-actions.server";
import { describeVacations, getPersonalYear } from "~/models/calendar.server";
import { searchVacations, type VacationRow } from "~/models/vacation.server";
import { requireUser } from "~/utils/auth.server";
import { getLanguage } from "~/utils/i18n.server";
import { readFormData } from "~/utils/http.server";
import { withActionErrors, withPageErrors } from "~/utils/form-errors.server";
import { canCancel, canReview, isAdmin, managesRequestsOf } from "~/utils/permissions.server";
import { ownRuleWarnings } from "~/models/vacation.server";
import { certificateStatesOf, overdueCertificates } from "~/models/certificate.server";
import { OVERDUE_SHOWN } from "~/components/overdue-certificates";

/** The overdue certificates' card: the first few, or all of them when asked (ALL_OVERDUE_HREF). */
function shownOverdue<T>(all: readonly T[], everyOne: boolean) {
  return { items: everyOne ? all : all.slice(0, OVERDUE_SHOWN), total: all.length };
}

export function loader({ request, context }: LoaderFunctionArgs) {
  return withPageErrors(async () => {
    const viewer = await requireUser({ request, context });
    const params = new URL(request.url).searchParams;
    const today = todayIn(viewer.timeZone);
    const year = yearOf(today);
    const admin = isAdmin(viewer);
    const personal = await getPersonalYear(viewer, year, today, await getLanguage(request));
    const { holidayContext } = personal;
    // A filter the page cannot apply (a mistyped date, an unknown type) is simply left out.
    const { filters } = readVacationFilters(params);
    const knownCategory = personal.categories.some((c) => c.id === filters.categoryId);
    const search = { ...filters, userId: undefined, categoryId: knownCategory ? filters.categoryId : undefined };
    const minePaging = readPaging(params, "page", "size");
    const companyPaging = readPaging(params, "cpage", "csize");
    const [mine, company] = await Promise.all([
      searchVacations(viewer, { ...search, userId: viewer.userId, ...minePaging }),
      admin ? searchVacations(viewer, { ...search, ...companyPaging }) : null,
    ]);
    // Sickness types (decision 0092): their rows link to the certificate page, for the person and
    // company admins, once a certificate is asked for or received (certificateStatesOf).
    const documentTypes = new Set(personal.categories.filter((c) => c.reported || c.documentRequired).map((c) => c.id));
    const rows = [...mine.items, ...(company?.items ?? [])];
    const [{ names, requesters, workingDays, hours, chargeChanges }, certificates, routed] = await Promise.all([
      // The viewer's person, schedules and holidays were read for their year: not read again.
      describeVacations(viewer, rows, personal.categories, personal.reads),
      certificateStatesOf(viewer, [...new Set(rows.filter((v) => documentTypes.has(v.categoryId)).map((v) => v.id))]),
      withReviewRouting(viewer),
    ]);
    const certificateOf = (v: VacationRow): VacationTableRow["certificate"] => {
      const state = certificates[v.id];
      return state && state !== "none" ? { href: `/vacations/${encodeURIComponent(v.id)}/certificate`, state } : undefined;
    };
    const toRow = (v: VacationRow): VacationTableRow => {
      const requester = requesters[v.userId] ?? { id: v.userId, role: "user", teamId: null };
      return toVacationTableRow(v, {
        userName: names[v.userId],
        workingDays: workingDays[v.id] ?? null,
        hours: v.id in hours ? hours[v.id] : undefined,
        chargeChange: chargeChanges[v.id],
        // The rules the models enforce, so only buttons that work are shown.
        canCancel: canCancel(routed, v, requester, today),
        canApprove: canReview(routed, v, requester),
        certificate: certificateOf(v),
        changeHref: v.status === "approved" && (v.userId === viewer.userId || managesRequestsOf(routed, requester)) ? `/vacations/${encodeURIComponent(v.id)}/change` : undefined,
      });
    };
    return {
      filters: {
        type: search.categoryId ?? "",
        from: search.dateFrom ?? "",
        to: search.dateTo ?? "",
        status: search.status ?? "",
      },
      filtered: Object.values(search).some(Boolean),
      exportQuery: vacationFilterQuery(search).toString(),
      created: readCreatedFlag(params),
      ruleWarnings: await ownRuleWarnings(viewer, params),
      overdueCertificates: shownOverdue(admin ? await overdueCertificates(viewer) : [], params.get("certificates") === "overdue"),
      openNew: params.get("new") === "1",
      isAdmin: admin,
      year,
      mine: { rows: mine.items.map(toRow), total: mine.total, offset: mine.offset, limit: mine.limit },
      company: company ? { rows: company.items.map(toRow), total: company.total, offset: company.offset, limit: company.limit } : null,
      categories: personal.categories.map(({ id, name, balance, active, unit, reported, documentRequired }) => ({ id, name, balance, active, unit, reported, documentRequired })),
      balances: personal.balances,
      hasAllowance: personal.hasAllowance,
      holidayContext,
    };
  });
}

export function action({ request }: ActionFunctionArgs) {
  return withActionErrors(async () => {
    const viewer = await requireUser(request);
    const formData = await readFormData(request);
    if (formData.get("intent") === "create") {
      return createVacationFromForm(formData, viewer, (_, created) => `/vacations?created=${created}`);
    }
    return runRowAction(formData, viewer, {
      today: todayIn(viewer.timeZone),
      intents: isAdmin(viewer) ? ["approve", "reject", "cancel"] : ["cancel"],
    });
  });
}
