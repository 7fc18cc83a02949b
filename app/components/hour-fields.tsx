import type { InputHTMLAttributes } from "react";
import { useTranslation } from "react-i18next";
import { FieldError } from "./field-error";

/** One hour field: its input's attributes (name, value, aria), a key to reset it, its errors. */
export interface HourFieldInput {
  input: InputHTMLAttributes<HTMLInputElement> & { name: string };
  inputKey?: string;
  errors?: string[];
  errorId: string;
}

/**
 * A request's hour fields (decision 0081), for the new-request form and the change form: start and
 * end times for one day, hours per day over several. With JavaScript the form shows the ones that
 * fit the dates; without, both, under a legend saying whom they are for (the form cannot know the
 * type chosen), and the server reads them with readLeaveRequest either way.
 */
export function HourFields({
  hydrated,
  showTimes,
  showPerDay,
  startTime,
  endTime,
  hoursPerDay,
}: {
  hydrated: boolean;
  showTimes: boolean;
  showPerDay: boolean;
  startTime: HourFieldInput;
  endTime: HourFieldInput;
  hoursPerDay: HourFieldInput;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="fieldset absence-form__hours" data-testid="hour-fields">
      <legend>{hydrated ? t("hours.form.legend") : t("hours.form.legendNoJs")}</legend>
      {!hydrated || showTimes ? (
        <div className="absence-form__row">
          <label className="field">
            <span>{t("hours.form.startTime")}</span>
            <input {...startTime.input} type="time" step={900} key={startTime.inputKey} />
            <FieldError errors={startTime.errors} id={startTime.errorId} />
          </label>
          <label className="field">
            <span>{t("hours.form.endTime")}</span>
            <input {...endTime.input} type="time" step={900} key={endTime.inputKey} />
            <FieldError errors={endTime.errors} id={endTime.errorId} />
          </label>
        </div>
      ) : null}
      {!hydrated || showPerDay ? (
        <label className="field">
          <span>{t("hours.form.hoursPerDay")}</span>
          <input {...hoursPerDay.input} type="number" min={0.25} max={24} step={0.25} inputMode="decimal" key={hoursPerDay.inputKey} />
          <FieldError errors={hoursPerDay.errors} id={hoursPerDay.errorId} />
        </label>
      ) : null}
      <small className="field__hint">{t(hydrated ? "hours.form.hint" : "hours.form.hintNoJs")}</small>
    </fieldset>
  );
}
