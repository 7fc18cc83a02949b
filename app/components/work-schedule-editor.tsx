// The one work schedule editor (a person's schedule, the company default, several people at once)
// and the pieces around it: a schedule in words, and a list's history. Plain fields, so it posts
// the same without JavaScript; week 2 hides by CSS while the cycle is one week (decision 0079).
import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { ConfirmationStep, ConfirmSubmitButton, type Confirmation } from "~/components/confirm";
import { DateText } from "~/components/date-text";
import { FieldError } from "~/components/field-error";
import { formatDate } from "~/lib/format";
import { hoursField, WEEKDAYS, workedField } from "~/lib/schemas/work-schedules";
import type { WorkSchedule } from "~/lib/work-schedule";
import { describeSchedule, weekdayName } from "~/lib/work-schedule-summary";
import { ScheduleText } from "./schedule-text";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- conform's fields of any of the three schemas
type Fields = Record<string, FieldMetadata<any, any, string[]>>;

/** The date, the cycle and the days of a new schedule: one grid per week of the cycle. */
export function ScheduleEditorFields({ fields }: { fields: Fields }) {
  const { t, i18n } = useTranslation();
  const cycle = fields.cycleWeeks;
  return (
    <div className="schedule-editor">
      <label className="field schedule-editor__from">
        <span>{t("workSchedules.editor.validFrom")}</span>
        <small className="field__hint">{t("workSchedules.editor.validFromHint")}</small>
        <input {...getInputProps(fields.validFrom, { type: "date" })} key={fields.validFrom.key} />
        <FieldError errors={fields.validFrom.errors} id={fields.validFrom.errorId} />
      </label>
      <fieldset className="schedule-editor__cycle">
        <legend>{t("workSchedules.editor.cycle")}</legend>
        {(["1", "2"] as const).map((value) => (
          <label key={value} className="people-check">
            <input type="radio" name={cycle.name} value={value} defaultChecked={(cycle.initialValue ?? "1") === value} key={cycle.key} />
            {t(`workSchedules.editor.cycle${value}`)}
          </label>
        ))}
        <FieldError errors={cycle.errors} id={cycle.errorId} />
      </fieldset>
      {[1, 2].map((week) => (
        <fieldset key={week} className={`schedule-week schedule-week--${week}`}>
          <legend>{t(week === 1 ? "workSchedules.editor.week1" : "workSchedules.editor.week2")}</legend>
          <div className="schedule-week__days">
            {WEEKDAYS.map((weekday) => {
              const worked = fields[workedField(week, weekday)];
              const hours = fields[hoursField(week, weekday)];
              // Week 2's fields are named apart from week 1's, for screen readers and tests alike.
              const name = weekdayName(weekday, i18n.language, "long");
              const day = week === 1 ? name : `${name} (${t("workSchedules.summary.week", { week })})`;
              return (
                <div key={weekday} className="schedule-day">
                  <label className="schedule-day__worked">
                    <input {...getInputProps(worked, { type: "checkbox" })} key={worked.key} />
                    <span aria-hidden="true">{weekdayName(weekday, i18n.language)}</span>
                    <span className="visually-hidden">{t("workSchedules.editor.worked", { day })}</span>
                  </label>
                  <label className="schedule-day__hours">
                    <span className="visually-hidden">{t("workSchedules.editor.hours", { day })}</span>
                    <input
                      {...getInputProps(hours, { type: "number" })}
                      key={hours.key}
                      min={0}
                      max={24}
                      step={0.25}
                      inputMode="decimal"
                      autoComplete="off"
                    />
                    <span aria-hidden="true">h</span>
                  </label>
                  <FieldError errors={hours.errors} id={hours.errorId} />
                </div>
              );
            })}
          </div>
        </fieldset>
      ))}
      <p className="field__hint">{t("workSchedules.editor.hint")}</p>
    </div>
  );
}

export interface HistoryRow {
  schedule: WorkSchedule;
  /** "past": ended; "current": in force today; "planned": starts later (or today) and can be removed. */
  state: "past" | "current" | "planned";
  removable: boolean;
}

/** The rows of a list, state by state; sent rows that start today or later may be removed (the history rule keeps the rest). */
export function historyRows(list: readonly WorkSchedule[], today: string): HistoryRow[] {
  const currentIndex = list.reduce((found, schedule, index) => (schedule.validFrom <= today ? index : found), -1);
  return list.map((schedule, index) => ({
    schedule,
    state: index === currentIndex ? "current" : schedule.validFrom > today ? "planned" : "past",
    removable: schedule.validFrom >= today,
  }));
}

/** What removing a planned row asks (the dialog with JavaScript, the confirmation step without). */
function removeConfirmation(t: TFunction, schedule: WorkSchedule, language: string): Confirmation {
  const words = describeSchedule(schedule, language).map((text) => text || t("workSchedules.summary.noDays"));
  return {
    title: t("workSchedules.history.confirmTitle"),
    question: t("workSchedules.history.confirmQuestion", { date: formatDate(schedule.validFrom, language), schedule: words.join("; ") }),
    confirm: t("workSchedules.history.confirmYes"),
    cancel: t("workSchedules.history.confirmNo"),
  };
}

interface ScheduleHistoryProps {
  rows: HistoryRow[];
  removeIntent: string;
  hidden?: Record<string, string>;
  busy: boolean;
  caption: string;
  /** The server's question after an unconfirmed removal (JavaScript off): the fields it was posted with. */
  confirmStep?: { fields: Record<string, string> } | null;
}

/** A list's rows in a table: from, schedule, state, and a remove button (that asks first) for those not yet history. */
export function ScheduleHistory({ rows, removeIntent, hidden, busy, caption, confirmStep }: ScheduleHistoryProps) {
  const { t, i18n } = useTranslation();
  const asked = confirmStep?.fields.intent === removeIntent ? rows.find((row) => row.removable && row.schedule.validFrom === confirmStep.fields.validFrom) : undefined;
  return (
    <>
      {asked && confirmStep ? <ConfirmationStep fields={confirmStep.fields} confirmation={removeConfirmation(t, asked.schedule, i18n.language)} /> : null}
      <div className="table-wrap">
        <table className="table card-table schedule-history" data-testid="schedule-history">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{t("workSchedules.history.from")}</th>
              <th scope="col">{t("workSchedules.history.schedule")}</th>
              <th scope="col">{t("workSchedules.history.state")}</th>
              <th scope="col">
                <span className="visually-hidden">{t("workSchedules.history.actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ schedule, state, removable }) => (
              <tr key={schedule.validFrom} aria-current={state === "current" ? "true" : undefined}>
                <th scope="row" className="card-table__title">
                  <DateText date={schedule.validFrom} />
                </th>
                <td data-label={t("workSchedules.history.schedule")} className="schedule-text">
                  <ScheduleText schedule={schedule} />
                </td>
                <td data-label={t("workSchedules.history.state")}>{t(`workSchedules.history.${state}`)}</td>
                <td className="card-table__actions">
                  {removable ? (
                    <Form method="post" preventScrollReset>
                      <input type="hidden" name="validFrom" value={schedule.validFrom} />
                      {Object.entries(hidden ?? {}).map(([name, value]) => (
                        <input key={name} type="hidden" name={name} value={value} />
                      ))}
                      <ConfirmSubmitButton
                        confirmation={removeConfirmation(t, schedule, i18n.language)}
                        name="intent"
                        value={removeIntent}
                        className="button button--small button--delete"
                        disabled={busy}
                        aria-label={t("workSchedules.history.removeNamed", { date: formatDate(schedule.validFrom, i18n.language) })}
                      >
                        {t("workSchedules.history.remove")}
                      </ConfirmSubmitButton>
                    </Form>
                  ) : (
                    <small className="muted">{t("workSchedules.history.fixed")}</small>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
