import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ActionNotice } from "~/components/action-notice";
import { categoryName } from "~/components/absence-category-name";
import { ChangeComparisonTable } from "~/components/change-comparison";
import { FieldError } from "~/components/field-error";
import { HourFields } from "~/components/hour-fields";
import { useHydrated } from "~/hooks/use-hydrated";
import { isIsoDate } from "~/lib/dates";
import { FIRST_DATE, LAST_DATE } from "~/lib/input-limits";
import { pageTitle } from "~/lib/meta";
import { listCategories } from "~/models/calendar.server";
import { getChangePage } from "~/models/vacation-change.server";
import { readChangeOutcome, runChangeAction } from "~/models/vacation-change-form.server";
import { requireUser } from "~/utils/auth.server";
import { readFormData } from "~/utils/http.server";
import { withActionErrors, withPageErrors } from "~/utils/form-errors.server";
import vacationFormStyles from "~/styles/vacation-form.css";
import changeStyles from "~/styles/vacation-change.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: vacationFormStyles },
  { rel: "stylesheet", href: changeStyles },
];

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "leaveChange.title");

// An approved absence's change page (issue 41, decision 0093): its owner proposes new dates or a
// new type, its approver sees both versions with the balance effect and decides, an admin who
// manages the owner changes it at once. Nobody else finds it (404).
export function loader({ request, params, context }: LoaderFunctionArgs) {
  return withPageErrors(async () => {
    const viewer = await requireUser({ request, context });
    const [page, categories] = await Promise.all([getChangePage(viewer, params.id!), listCategories(viewer, { activeOnly: false })]);
    const { vacation, pending, comparison, rights } = page;
    return {
      vacation: {
        id: vacation.id,
        startDate: vacation.startDate,
        endDate: vacation.endDate,
        halfDayStart: vacation.halfDayStart,
        halfDayEnd: vacation.halfDayEnd,
        categoryId: vacation.categoryId,
        status: vacation.status,
        startTime: vacation.startTime,
        endTime: vacation.endTime,
        hoursPerDay: vacation.hoursPerDay,
      },
      ownerName: vacation.userId === viewer.userId ? null : page.ownerName,
      pending: pending && { id: pending.id, startDate: pending.startDate, endDate: pending.endDate, halfDayStart: pending.halfDayStart, halfDayEnd: pending.halfDayEnd, categoryId: pending.categoryId },
      comparison,
      rights,
      outcome: readChangeOutcome(new URL(request.url).searchParams),
      categories: categories.map(({ id, name, active, unit }) => ({ id, name, active, unit })),
    };
  });
}

export function action({ request, params }: ActionFunctionArgs) {
  return withActionErrors(async () => {
    const viewer = await requireUser(request);
    const formData = await readFormData(request);
    // The page's own absence, whatever the form says.
    formData.set("vacationId", params.id!);
    return runChangeAction(formData, viewer, (outcome, id) => `/vacations/${encodeURIComponent(id)}/change?changed=${outcome}`);
  });
}

/** What the change form starts from: the form as posted after a refusal, else the absence itself. */
function formValues(
  vacation: { startDate: string; endDate: string; halfDayStart: boolean; halfDayEnd: boolean; categoryId: string; startTime: string | null; endTime: string | null; hoursPerDay: number | null },
  posted: Record<string, unknown> | null | undefined,
) {
  if (!posted) {
    return { ...vacation, startTime: vacation.startTime ?? "", endTime: vacation.endTime ?? "", hoursPerDay: vacation.hoursPerDay == null ? "" : String(vacation.hoursPerDay) };
  }
  const text = (name: string) => (typeof posted[name] === "string" ? (posted[name] as string) : "");
  return {
    categoryId: text("categoryId") || vacation.categoryId,
    startDate: text("startDate"),
    endDate: text("endDate"),
    halfDayStart: text("halfDayStart") === "on",
    halfDayEnd: text("halfDayEnd") === "on",
    startTime: text("startTime"),
    endTime: text("endTime"),
    hoursPerDay: text("hoursPerDay"),
  };
}

export default function ChangeVacation() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const hydrated = useHydrated();
  const { vacation, pending, comparison, rights } = data;
  const notice = actionData && "notice" in actionData ? actionData.notice : data.outcome ? { tone: "success" as const, key: `leaveChange.notices.${data.outcome}` } : null;
  const result = actionData && "result" in actionData ? actionData.result : undefined;
  const initial = formValues(vacation, result?.initialValue);
  const fieldErrors = (name: string) => result?.error?.[name] ?? undefined;
  const canEdit = !pending && (rights.propose || rights.direct);
  const choosable = data.categories.filter((c) => c.active || c.id === vacation.categoryId);
  // With JavaScript the hour fields follow the type and dates chosen, as on the request form.
  const [chosen, setChosen] = useState({ categoryId: initial.categoryId, startDate: initial.startDate, endDate: initial.endDate });
  const inHours = choosable.find((c) => c.id === chosen.categoryId)?.unit === "hour";
  const showHourFields = hydrated ? inHours : choosable.some((c) => c.unit === "hour");
  const range = isIsoDate(chosen.startDate) && isIsoDate(chosen.endDate) && chosen.startDate <= chosen.endDate;
  const oneDay = range && chosen.startDate === chosen.endDate;
  const hourField = (name: "startTime" | "endTime" | "hoursPerDay") => {
    const errors = fieldErrors(name);
    const errorId = `change-${name}-error`;
    return { input: { name, defaultValue: initial[name], "aria-invalid": errors ? true : undefined, "aria-describedby": errors ? errorId : undefined }, errors, errorId };
  };
  return (
    <div className="vacation-change">
      <header className="page-header">
        <h1 className="page__title">{t("leaveChange.title")}</h1>
        <Link to="/vacations" className="button button--secondary button--small">
          {t("leaveChange.back")}
        </Link>
      </header>
      <ActionNotice notice={notice} />
      <section className="card" aria-labelledby="change-current">
        <h2 id="change-current" className="card__title">
          {data.ownerName ? t("leaveChange.ofPerson", { name: data.ownerName }) : t("leaveChange.current")}
        </h2>
        <p className="muted">{t("leaveChange.intro")}</p>
        <ChangeComparisonTable before={vacation} after={pending} comparison={comparison} categories={data.categories} />
        {pending ? (
          <div className="vacation-change__pending" data-testid="pending-change">
            <h3 className="vacation-change__subtitle">{t("leaveChange.pendingTitle")}</h3>
            <p className="muted">{t("leaveChange.pendingNote")}</p>
            <Form method="post" className="vacation-change__actions">
              <input type="hidden" name="changeId" value={pending.id} />
              {rights.decide ? (
                <>
                  <button type="submit" name="intent" value="change-approve" className="button button--approve" disabled={busy}>
                    {t("leaveChange.approve")}
                  </button>
                  <button type="submit" name="intent" value="change-reject" className="button button--reject" disabled={busy}>
                    {t("leaveChange.reject")}
                  </button>
                </>
              ) : null}
              {rights.withdraw ? (
                <button type="submit" name="intent" value="change-withdraw" className="button button--secondary" disabled={busy}>
                  {t("leaveChange.withdraw")}
                </button>
              ) : null}
            </Form>
          </div>
        ) : null}
        {!pending && !canEdit ? <p className="notice">{t("leaveChange.notChangeable")}</p> : null}
      </section>
      {canEdit ? (
        <section className="card" aria-labelledby="change-form">
          <h2 id="change-form" className="card__title">
            {t("leaveChange.form.title")}
          </h2>
          <p className="muted">{t(rights.direct ? "leaveChange.form.directIntro" : "leaveChange.form.proposeIntro")}</p>
          <Form method="post" className="absence-form" data-testid="change-form">
            <input type="hidden" name="intent" value="change-propose" />
            <label className="field">
              <span>{t("absences.form.category")}</span>
              <select name="categoryId" defaultValue={initial.categoryId} onChange={(event) => setChosen((c) => ({ ...c, categoryId: event.target.value }))}>
                {choosable.map((option) => (
                  <option key={option.id} value={option.id}>
                    {categoryName(t, option)}
                  </option>
                ))}
              </select>
            </label>
            <div className="absence-form__row">
              <label className="field">
                <span>{t("absences.form.startDate")}</span>
                <input
                  type="date"
                  name="startDate"
                  required
                  defaultValue={initial.startDate}
                  min={FIRST_DATE}
                  max={LAST_DATE}
                  aria-invalid={fieldErrors("startDate") ? true : undefined}
                  aria-describedby={fieldErrors("startDate") ? "change-startDate-error" : undefined}
                  onChange={(event) => setChosen((c) => ({ ...c, startDate: event.target.value }))}
                />
                <FieldError errors={fieldErrors("startDate")} id="change-startDate-error" />
              </label>
              <label className="field">
                <span>{t("absences.form.endDate")}</span>
                <input
                  type="date"
                  name="endDate"
                  required
                  defaultValue={initial.endDate}
                  min={FIRST_DATE}
                  max={LAST_DATE}
                  aria-invalid={fieldErrors("endDate") ? true : undefined}
                  aria-describedby={fieldErrors("endDate") ? "change-endDate-error" : undefined}
                  onChange={(event) => setChosen((c) => ({ ...c, endDate: event.target.value }))}
                />
                <FieldError errors={fieldErrors("endDate")} id="change-endDate-error" />
              </label>
            </div>
            <div className="absence-form__checks">
              <label className="absence-form__check">
                <input type="checkbox" name="halfDayStart" defaultChecked={initial.halfDayStart} />
                <span>{t("absences.form.halfDayStart")}</span>
              </label>
              <label className="absence-form__check">
                <input type="checkbox" name="halfDayEnd" defaultChecked={initial.halfDayEnd} />
                <span>{t("absences.form.halfDayEnd")}</span>
              </label>
            </div>
            <FieldError errors={fieldErrors("halfDayStart")} id="change-halfDayStart-error" />
            {showHourFields ? <HourFields hydrated={hydrated} showTimes={oneDay || !range} showPerDay={!oneDay} startTime={hourField("startTime")} endTime={hourField("endTime")} hoursPerDay={hourField("hoursPerDay")} /> : null}
            <button type="submit" className="button button--primary" disabled={busy}>
              {t(rights.direct ? "leaveChange.form.submitDirect" : "leaveChange.form.submit")}
            </button>
          </Form>
        </section>
      ) : null}
    </div>
  );
}
