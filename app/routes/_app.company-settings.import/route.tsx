// The Import tab (issue 43, decision 0086): a company switching tools brings opening balances and
// past absences from CSV, with the holiday import's flow: a template per kind, "Preview" (the
// dry run: per-line errors and the figures after the import, nothing written), then "Import",
// which posts the previewed text again and writes it in one transaction. Plain multipart POSTs,
// so it works without JavaScript. Rules: app/lib/leave-import.ts, app/models/leave-import.server.ts.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ActionNotice } from "~/components/action-notice";
import { ScrollBox } from "~/components/scroll-box";
import { messageValues } from "~/i18n";
import { formatHours } from "~/lib/format";
import type { LeaveImportKind } from "~/lib/leave-import";
import { importAction, type ImportReply } from "./import.server";
import { requireAdminUser } from "~/utils/auth.server";
import { withActionErrors, withPageErrors } from "~/utils/form-errors.server";
import { readFormData } from "~/utils/http.server";
import { tabPath } from "../_app.company-settings/tabs";

const TAB_URL = tabPath("import");


export function loader({ request, context }: LoaderFunctionArgs) {
  return withPageErrors(async () => {
    await requireAdminUser({ request, context });
    return null;
  });
}

export function action({ request }: ActionFunctionArgs) {
  return withActionErrors(async () => importAction(await requireAdminUser(request), await readFormData(request)));
}

export default function ImportTab() {
  const { t } = useTranslation();
  const reply = useActionData<typeof action>() as ImportReply | undefined;
  const busy = useNavigation().state !== "idle";
  return (
    <div className="stack">
      <section className="card" aria-labelledby="import-heading">
        <h2 id="import-heading" className="card__title">
          {t("leaveImport.title")}
        </h2>
        <p>{t("leaveImport.intro")}</p>
        <p className="field__hint">{t("leaveImport.excelHint")}</p>
      </section>
      {(["balances", "absences"] as const).map((kind) => (
        <ImportCard key={kind} kind={kind} reply={reply?.kind === kind ? reply : undefined} busy={busy} />
      ))}
    </div>
  );
}

function ImportCard({ kind, reply, busy }: { kind: LeaveImportKind; reply: ImportReply | undefined; busy: boolean }) {
  const { t } = useTranslation();
  const plan = reply?.plan;
  const headingId = `import-${kind}-heading`;
  return (
    <section className="card" aria-labelledby={headingId} data-testid={`import-${kind}`}>
      <h2 id={headingId} className="card__title">
        {t(`leaveImport.${kind}.title`)}
      </h2>
      <p className="field__hint">{t(`leaveImport.${kind}.hint`)}</p>
      <p>
        <a href={`/leave-import/${kind}-template.csv`} download className="button button--small">
          {t(`leaveImport.${kind}.template`)}
        </a>
      </p>
      <Form method="post" action={TAB_URL} encType="multipart/form-data" className="stack" preventScrollReset>
        <input type="hidden" name="kind" value={kind} />
        <label className="field">
          <span>{t("leaveImport.file")}</span>
          <input type="file" name="file" accept=".csv,text/csv" />
        </label>
        <div className="filters__actions">
          <button type="submit" name="mode" value="preview" className="button button--primary" disabled={busy}>
            {t("leaveImport.preview")}
          </button>
        </div>
      </Form>
      <ActionNotice notice={reply?.notice} />
      {plan ? <PlanView plan={plan} busy={busy} /> : null}
    </section>
  );
}

function PlanView({ plan, busy }: { plan: NonNullable<ImportReply["plan"]>; busy: boolean }) {
  const { t, i18n } = useTranslation();
  const { counts } = plan;
  const figure = (value: number) => (plan.unit === "hour" ? `${formatHours(value, i18n.language)} h` : new Intl.NumberFormat(i18n.language).format(value));
  const more = (shown: number, total: number) => (total > shown ? <p className="muted">{t("leaveImport.more", { count: total - shown })}</p> : null);
  return (
    // data-answer: with JavaScript, focus comes here after "Preview" and "Import" (app-shell.tsx).
    <section className="stack" aria-labelledby={`plan-${plan.kind}-heading`} data-testid="import-result" data-answer>
      <h3 id={`plan-${plan.kind}-heading`} role={plan.dryRun ? undefined : "status"}>
        {plan.dryRun ? t("leaveImport.previewTitle") : t("leaveImport.done")}
      </h3>
      <p data-testid="import-summary">{t(plan.dryRun ? "leaveImport.summary" : "leaveImport.doneSummary", { created: counts.created, skipped: counts.skipped, errors: counts.errors })}</p>
      {plan.errors.length ? (
        <details open>
          <summary>{t("leaveImport.errorsTitle", { count: counts.errors })}</summary>
          <ul data-testid="import-errors">
            {plan.errors.map((error) => (
              <li key={error.line}>
                {t("leaveImport.line", { line: error.line })}: {t(error.key, messageValues(error.params))}
                {error.params?.value ? <span> “{error.params.value}”</span> : null}
              </li>
            ))}
          </ul>
          {more(plan.errors.length, counts.errors)}
        </details>
      ) : null}
      {plan.balances.length ? (
        <>
          <h4 id={`plan-${plan.kind}-table`}>{t("leaveImport.balancesTable")}</h4>
          <ScrollBox labelledBy={`plan-${plan.kind}-table`}>
            <table className="table card-table">
            <thead>
              <tr>
                <th scope="col">{t("leaveImport.columns.person")}</th>
                <th scope="col">{t("leaveImport.columns.year")}</th>
                <th scope="col">{t("leaveImport.columns.allowance")}</th>
                <th scope="col">{t("leaveImport.columns.carriedOver")}</th>
                <th scope="col">{t("leaveImport.columns.alreadyTaken")}</th>
                <th scope="col">{t("leaveImport.columns.remaining")}</th>
                <th scope="col">{t("leaveImport.columns.change")}</th>
              </tr>
            </thead>
            <tbody>
              {plan.balances.map((row) => (
                <tr key={row.line}>
                  <td className="card-table__title card-table__lead">{row.name}</td>
                  <td data-label={t("leaveImport.columns.year")}>{row.year}</td>
                  <td data-label={t("leaveImport.columns.allowance")}>{figure(row.allowance)}</td>
                  <td data-label={t("leaveImport.columns.carriedOver")}>{figure(row.carriedOver)}</td>
                  <td data-label={t("leaveImport.columns.alreadyTaken")}>{figure(row.alreadyTaken)}</td>
                  <td data-label={t("leaveImport.columns.remaining")}>
                    <strong>{figure(row.remaining)}</strong>
                  </td>
                  <td data-label={t("leaveImport.columns.change")}>{t(`leaveImport.change.${row.change}`)}</td>
                </tr>
              ))}
            </tbody>
            </table>
          </ScrollBox>
        </>
      ) : null}
      {plan.people.length ? (
        <>
          <h4 id={`plan-${plan.kind}-table`}>{t("leaveImport.peopleTable")}</h4>
          <ScrollBox labelledBy={`plan-${plan.kind}-table`}>
            <table className="table card-table">
            <thead>
              <tr>
                <th scope="col">{t("leaveImport.columns.person")}</th>
                <th scope="col">{t("leaveImport.columns.created")}</th>
                <th scope="col">{t("leaveImport.columns.skipped")}</th>
              </tr>
            </thead>
            <tbody>
              {plan.people.map((person) => (
                <tr key={person.email}>
                  <td className="card-table__title card-table__lead">{person.name}</td>
                  <td data-label={t("leaveImport.columns.created")}>{person.created}</td>
                  <td data-label={t("leaveImport.columns.skipped")}>{person.skipped}</td>
                </tr>
              ))}
            </tbody>
            </table>
          </ScrollBox>
        </>
      ) : null}
      {plan.dryRun ? (
        plan.text ? (
          <Form method="post" action={TAB_URL} encType="multipart/form-data" className="filters__actions" preventScrollReset>
            <input type="hidden" name="kind" value={plan.kind} />
            <input type="hidden" name="mode" value="import" />
            <textarea name="csv" hidden readOnly aria-hidden="true" tabIndex={-1} defaultValue={plan.text} />
            <button type="submit" className="button button--primary" disabled={busy}>
              {t("leaveImport.importNow", { count: counts.created })}
            </button>
            <Link to={TAB_URL} className="button" preventScrollReset>
              {t("leaveImport.cancel")}
            </Link>
          </Form>
        ) : (
          <p className="muted">{t("leaveImport.nothingToImport")}</p>
        )
      ) : null}
    </section>
  );
}
