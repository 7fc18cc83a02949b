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
  const guessed = useRef<string | null>(null);

  const setZone = (value: string) => {
    const select = zoneSelect.current;
    if (!select) return;
    select.value = value;
    // Conform keeps its own copy of the values and refreshes it on input events.
    select.dispatchEvent(new Event("input", { bubbles: true }));
  };

  useEffect(() => {
    if (!guessTimeZone || zoneSelect.current?.value !== "") return;
    const guess = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!timeZones.includes(guess)) return;
    guessed.current = guess;
    setZone(guess);
  }, [guessTimeZone, timeZones]);

  // The browser's zone is a guess for the country first shown; choosing another country hands
  // the choice back to that country's main zone (unless the person picked a zone themselves).
  const onCountryChange = () => {
    if (guessed.current !== null && zoneSelect.current?.value === guessed.current) setZone("");
    guessed.current = null;
  };

  return (
    <>
      <label className="field">
        <span>{t("signup.country")}</span>
        <small className="field__hint">{countryHint}</small>
        <select {...getSelectProps(country)} key={country.key} onChange={onCountryChange}>
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
