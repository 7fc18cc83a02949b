// The CSV import (spec section 5) as a multipart form that works without JavaScript: "Preview"
// is the dry run (what would be created, skipped and refused; nothing written), "Import" writes.
// The preview carries the file's text in the page, so importing it needs no second upload; the
// server checks it again as if it were a new file.
import { Form, Link, useActionData, useLocation, useNavigation } from "@remix-run/react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { ActionNotice } from "~/components/action-notice";
import { DateText } from "~/components/date-text";
import { ScrollBox } from "~/components/scroll-box";
import { messageValues } from "~/i18n";
import type { HolidaysReply, PlanView } from "./holidays.server";


export function CsvImportCard() {
  const { t } = useTranslation();
  const actionData = useActionData<HolidaysReply>();
  const location = useLocation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const mine = actionData && "intent" in actionData && actionData.intent === "import" ? actionData : null;
  const result = mine && "csv" in mine ? mine.csv : null;
  const here = `/national-holidays${location.search}`;
  return (
    <details className="card collapsible" open={mine ? true : undefined}>
      <summary className="collapsible__summary">{t("holidays.csv.title")}</summary>
      <div className="collapsible__body stack">
        <p className="field__hint holidays-narrow">{t("holidays.csv.hint")}</p>
        <p>
          <a href="/national-holidays/template.csv" download className="button button--small">
            {t("holidays.csv.template")}
          </a>
        </p>
        <Form method="post" action={here} encType="multipart/form-data" className="stack holidays-narrow" preventScrollReset>
          <input type="hidden" name="intent" value="import" />
          <label className="field">
            <span>{t("holidays.csv.file")}</span>
            <input type="file" name="file" accept=".csv,text/csv" />
          </label>
          <div className="filters__actions">
            <button type="submit" name="mode" value="preview" className="button button--primary" disabled={busy}>
              {t("holidays.csv.preview")}
            </button>
            {/* While a preview waits below, its own button imports it. This one was a second way
                to the same, and without JavaScript (the file field empty on the page that came
                back) it could only fail. */}
            {result?.dryRun && result.text ? null : (
              <button type="submit" name="mode" value="import" className="button" disabled={busy}>
                {t("holidays.csv.import")}
              </button>
            )}
          </div>
        </Form>
        <ActionNotice notice={mine && "notice" in mine ? mine.notice : null} />
        {result ? <CsvResult result={result} here={here} busy={busy} /> : null}
      </div>
    </details>
  );
}

type Result = PlanView & { dryRun: boolean; text: string | null };

function CsvResult({ result, here, busy }: { result: Result; here: string; busy: boolean }) {
  const { t } = useTranslation();
  const { counts } = result;
  return (
    // data-answer: with JavaScript, focus comes here after "Preview" and "Import" (app-shell.tsx).
    <section className="holidays-plan" aria-labelledby="csv-result-heading" data-testid="csv-result" data-answer>
      <h3 id="csv-result-heading" className={result.dryRun ? undefined : "holidays-plan__done"} role={result.dryRun ? undefined : "status"}>
        {result.dryRun ? t("holidays.csv.previewTitle") : t("holidays.csv.done")}
      </h3>
      <p className="holidays-plan__summary" data-testid="csv-summary">
        {t(result.dryRun ? "holidays.csv.previewSummary" : "holidays.csv.summary", { created: counts.created, skipped: counts.skipped, errors: counts.errors })}
      </p>
      <PlanLists plan={result} done={!result.dryRun} />
      {result.dryRun ? (
        result.text ? (
          <Form method="post" action={here} encType="multipart/form-data" className="filters__actions" preventScrollReset>
            <input type="hidden" name="intent" value="import" />
            <input type="hidden" name="mode" value="import" />
            <textarea name="csv" hidden readOnly aria-hidden="true" tabIndex={-1} defaultValue={result.text} />
            <button type="submit" className="button button--primary" disabled={busy}>
              {t("holidays.csv.importNow", { count: counts.created })}
            </button>
            <Link to={here} className="button" preventScrollReset>
              {t("holidays.csv.cancel")}
            </Link>
          </Form>
        ) : (
          <p className="muted">{t("holidays.csv.nothingToImport")}</p>
        )
      ) : null}
    </section>
  );
}

/**
 * What a plan creates, skips and refuses, the first rows of each (the counts say how many in all):
 * a preview says what it would do, a finished import what it did.
 */
export function PlanLists({ plan, showLines = true, done = false }: { plan: PlanView; showLines?: boolean; done?: boolean }) {
  const { t } = useTranslation();
  const ids = useId();
  const { counts } = plan;
  const more = (shown: number, total: number) => (total > shown ? <p className="muted">{t("holidays.csv.more", { count: total - shown })}</p> : null);
  return (
    <>
      {plan.create.length ? (
        <details className="holidays-plan__list" open>
          <summary id={`${ids}-create`}>
            {t(done ? "holidays.csv.listCreated" : "holidays.csv.listToCreate", { count: counts.created })}
          </summary>
          <ScrollBox labelledBy={`${ids}-create`}>
            <table className="table card-table">
              <thead>
                <tr>
                  <th scope="col">{t("holidays.table.date")}</th>
                  <th scope="col">{t("holidays.table.name")}</th>
                  <th scope="col">{t("holidays.table.country")}</th>
                  <th scope="col">{t("holidays.table.region")}</th>
                  <th scope="col">{t("holidays.table.recurring")}</th>
                </tr>
              </thead>
              <tbody>
                {plan.create.map((h) => (
                  <tr key={`${h.line ?? ""}|${h.countryCode}|${h.date}|${h.name}`}>
                    <td data-label={t("holidays.table.date")}>
                      <DateText date={h.date} />
                    </td>
                    <td className="card-table__title card-table__wide card-table__lead">{h.name}</td>
                    <td data-label={t("holidays.table.country")}>{h.countryCode}</td>
                    <td data-label={t("holidays.table.region")}>{h.region ?? <span className="muted">{t("holidays.table.wholeCountry")}</span>}</td>
                    <td data-label={t("holidays.table.recurring")}>{h.isRecurring ? t("holidays.table.yes") : t("holidays.table.no")}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
          {more(plan.create.length, counts.created)}
        </details>
      ) : null}
      {plan.skip.length ? (
        <details className="holidays-plan__list">
          <summary>
            {t(done ? "holidays.csv.listSkipped" : "holidays.csv.listToSkip", { count: counts.skipped })}
          </summary>
          <ul className="holidays-plan__lines">
            {plan.skip.map((h) => (
              <li key={`${h.line ?? ""}|${h.countryCode}|${h.date}|${h.name}`}>
                {showLines && h.line ? `${t("holidays.csv.line", { line: h.line })}: ` : ""}
                <DateText date={h.date} /> {h.name} ({h.countryCode}) — {h.reason === "exists" ? t("holidays.csv.reasonExists") : t("holidays.csv.reasonRepeated")}
              </li>
            ))}
          </ul>
          {more(plan.skip.length, counts.skipped)}
        </details>
      ) : null}
      {plan.errors.length ? (
        <details className="holidays-plan__list holidays-plan__list--errors" open>
          <summary>
            {t("holidays.csv.listRefused", { count: counts.errors })}
          </summary>
          <ul className="holidays-plan__lines">
            {plan.errors.map((error) => (
              <li key={error.line}>
                {t("holidays.csv.line", { line: error.line })}: {t(error.key, messageValues(error.params))}
                {error.params?.value ? <span className="holidays-plan__value"> “{error.params.value}”</span> : null}
              </li>
            ))}
          </ul>
          {more(plan.errors.length, counts.errors)}
        </details>
      ) : null}
    </>
  );
}
