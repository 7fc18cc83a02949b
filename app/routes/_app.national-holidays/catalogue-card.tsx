// The official holidays of a country, or of one of its regions, for a year (date-holidays). The
// choice is a GET form whose answer is the preview (nothing written); "Add" posts it. With
// JavaScript, choosing another country refreshes its regions at once; without, on "Show".
import { Form, useActionData, useLoaderData, useLocation, useNavigation, useSearchParams, useSubmit } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ActionNotice } from "~/components/action-notice";
import { FieldError } from "~/components/field-error";
import { useHydrated } from "~/hooks/use-hydrated";
import { PlanLists } from "./import-card";
import type { HolidaysReply } from "./holidays.server";
import type { loader } from "./route";

const LIST_KEYS = ["country", "year", "month", "q"];

export function CatalogueCard() {
  const { t } = useTranslation();
  const { catalogue } = useLoaderData<typeof loader>();
  const actionData = useActionData<HolidaysReply>();
  const location = useLocation();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const hydrated = useHydrated();
  const submit = useSubmit();
  if (!catalogue) return null;
  const mine = actionData && "intent" in actionData && actionData.intent === "catalogue" ? actionData : null;
  const busy = navigation.state !== "idle";
  const { preview, errors } = catalogue;
  const error = (name: string) => (errors[name] ? [errors[name]] : undefined);
  const open = Boolean(mine || preview || Object.keys(errors).length);
  const onCountryChange = (event: React.ChangeEvent<HTMLSelectElement>) => {
    const form = event.currentTarget.form;
    if (!hydrated || !form) return;
    // The regions of another country are others: start from the whole country.
    const region = form.elements.namedItem("load_region") as HTMLSelectElement | null;
    if (region) region.value = "";
    submit(form, { preventScrollReset: true, replace: true });
  };
  return (
    <details className="card collapsible" open={open || undefined} id="official-holidays">
      <summary className="collapsible__summary">{t("holidays.catalogue.title")}</summary>
      <div className="collapsible__body stack">
        <p className="field__hint holidays-narrow">{t("holidays.catalogue.hint")}</p>
        <Form method="get" className="holidays-catalogue" key={location.search} preventScrollReset>
          {/* The list below keeps its filters. */}
          {LIST_KEYS.flatMap((key) => (params.has(key) ? [<input key={key} type="hidden" name={key} value={params.get(key) ?? ""} />] : []))}
          <input type="hidden" name="load" value="preview" />
          <label className="field">
            <span>{t("holidays.catalogue.country")}</span>
            <select name="load_country" defaultValue={catalogue.country} onChange={onCountryChange} aria-invalid={errors.load_country ? true : undefined} aria-describedby="catalogue-country-error">
              {catalogue.countries.map((country) => (
                <option key={country.code} value={country.code}>
                  {country.name}
                </option>
              ))}
            </select>
            <FieldError errors={error("load_country")} id="catalogue-country-error" />
          </label>
          <label className="field">
            <span>{t("holidays.catalogue.region")}</span>
            <select name="load_region" defaultValue={catalogue.region} aria-invalid={errors.load_region ? true : undefined} aria-describedby="catalogue-region-hint catalogue-region-error">
              <option value="">{t("holidays.catalogue.wholeCountry")}</option>
              {catalogue.regions.map((region) => (
                <option key={region.code} value={region.code}>
                  {region.code} · {region.name}
                </option>
              ))}
            </select>
            {catalogue.regions.length === 0 ? (
              <small className="field__hint" id="catalogue-region-hint">
                {t("holidays.catalogue.noRegions")}
              </small>
            ) : null}
            <FieldError errors={error("load_region")} id="catalogue-region-error" />
          </label>
          <label className="field">
            <span>{t("holidays.catalogue.year")}</span>
            <input type="text" name="load_year" inputMode="numeric" maxLength={4} defaultValue={catalogue.year} autoComplete="off" aria-invalid={errors.load_year ? true : undefined} aria-describedby="catalogue-year-error" />
            <FieldError errors={error("load_year")} id="catalogue-year-error" />
          </label>
          <div className="filters__actions">
            <button type="submit" className="button">
              {t("holidays.catalogue.preview")}
            </button>
          </div>
        </Form>
        <ActionNotice notice={mine && "notice" in mine ? mine.notice : null} />
        {preview ? (
          <section className="holidays-plan" aria-labelledby="catalogue-preview-heading" data-testid="catalogue-preview">
            <h3 id="catalogue-preview-heading">{t("holidays.catalogue.previewTitle", { place: catalogue.place, year: catalogue.year })}</h3>
            <PlanLists plan={preview} showLines={false} />
            {preview.counts.created > 0 ? (
              <Form method="post" action={`/national-holidays${location.search}`} preventScrollReset>
                <input type="hidden" name="intent" value="catalogue" />
                <input type="hidden" name="load_country" value={catalogue.country} />
                <input type="hidden" name="load_region" value={catalogue.region} />
                <input type="hidden" name="load_year" value={catalogue.year} />
                <button type="submit" className="button button--primary" disabled={busy}>
                  {t("holidays.catalogue.load", { count: preview.counts.created })}
                </button>
              </Form>
            ) : (
              <p className="muted" data-testid="catalogue-nothing-new">
                {t("holidays.catalogue.nothingNew")}
              </p>
            )}
          </section>
        ) : null}
      </div>
    </details>
  );
}
