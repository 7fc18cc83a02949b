import { type FieldName, getSelectProps, useField } from "@conform-to/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { FieldError } from "./field-error";

interface CountryZoneFieldsProps {
  countryName: FieldName<string>;
  timeZoneName: FieldName<string | undefined>;
  countries: readonly { code: string; name: string }[];
  timeZones: readonly string[];
  /**
   * Sign-up: with JavaScript, preselect the browser's zone while the choice is still "the
   * country's main zone"; without it that default stands, and the server picks the zone.
   */
  guessTimeZone?: boolean;
  /** What choosing the country does, under its label. */
  countryHint: string;
}

/** A company's country and time zone, as two selects of a Conform form (inside its FormProvider). */
export function CountryZoneFields({ countryName, timeZoneName, countries, timeZones, guessTimeZone = false, countryHint }: CountryZoneFieldsProps) {
  const { t } = useTranslation();
  const [country] = useField(countryName);
  const [timeZone] = useField(timeZoneName);
  const zoneSelect = useRef<HTMLSelectElement>(null);

  useEffect(() => {
    const select = zoneSelect.current;
    if (!guessTimeZone || !select || select.value !== "") return;
    const guess = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!timeZones.includes(guess)) return;
    select.value = guess;
    // Conform keeps its own copy of the values and refreshes it on input events.
    select.dispatchEvent(new Event("input", { bubbles: true }));
  }, [guessTimeZone, timeZones]);

  return (
    <>
      <label className="field">
        <span>{t("signup.country")}</span>
        <small className="field__hint">{countryHint}</small>
        <select {...getSelectProps(country)} key={country.key}>
          {countries.map((option) => (
            <option key={option.code} value={option.code}>
              {option.name}
            </option>
          ))}
        </select>
        <FieldError errors={country.errors} id={country.errorId} />
      </label>
      <label className="field">
        <span>{t("signup.timeZone")}</span>
        <small className="field__hint">{t("signup.timeZoneHint")}</small>
        <select {...getSelectProps(timeZone)} key={timeZone.key} ref={zoneSelect}>
          {guessTimeZone ? <option value="">{t("signup.timeZoneAuto")}</option> : null}
          {timeZones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll("_", " ")}
            </option>
          ))}
        </select>
        <FieldError errors={timeZone.errors} id={timeZone.errorId} />
      </label>
    </>
  );
}
