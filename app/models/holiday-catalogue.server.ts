// National holidays, countries and their time zones from the date-holidays catalogue (maintained
// upstream, so no hand-kept lists here). Its dates are taken as the calendar dates they name
// ("2027-04-25 00:00:00" → "2027-04-25"), never through its Date instants, which carry the
// country's time zone. Loaded on first use: the catalogue is large and most requests need none.
import type HolidaysClass from "date-holidays";
import type { HolidaysTypes } from "date-holidays";
import type { IsoDate } from "~/lib/dates";

type Catalogue = typeof HolidaysClass;
let catalogue: Promise<Catalogue> | undefined;

function loadCatalogue(): Promise<Catalogue> {
  catalogue ??= import("date-holidays").then((module) => (module.default ?? module) as Catalogue);
  return catalogue;
}

export interface CatalogueHoliday {
  date: IsoDate;
  name: string;
}

/**
 * The public (day-off) holidays of a whole country in a year, named in the country's own
 * language. Regional ones are left to the holidays screen: a company's people may work anywhere.
 */
export async function nationalHolidays(countryCode: string, year: number): Promise<CatalogueHoliday[]> {
  const Holidays = await loadCatalogue();
  const holidays = new Holidays(countryCode);
  const seen = new Set<string>();
  const result: CatalogueHoliday[] = [];
  for (const holiday of holidays.getHolidays(year) || []) {
    if (holiday.type !== "public") continue;
    const date = holiday.date.slice(0, 10) as IsoDate;
    // A holiday observed on several days (e.g. a substitute day) is one row per date.
    if (seen.has(`${date}|${holiday.name}`)) continue;
    seen.add(`${date}|${holiday.name}`);
    result.push({ date, name: holiday.name });
  }
  return result.sort((a, b) => a.date.localeCompare(b.date));
}

export interface CatalogueCountry {
  code: string;
  name: string;
}

/** Every country the catalogue knows, named in the given language (ICU's names), in that language's order. */
export async function listCountries(language: string): Promise<CatalogueCountry[]> {
  const Holidays = await loadCatalogue();
  // ICU's plain "pt" is Brazilian Portuguese ("Armênia"); the product writes Portugal's.
  const names = new Intl.DisplayNames([language === "pt" ? "pt-PT" : language], { type: "region" });
  return Object.entries(new Holidays().getCountries(language) as Record<string, string>)
    .map(([code, fallback]) => ({ code, name: names.of(code) ?? fallback }))
    .sort((a, b) => a.name.localeCompare(b.name, language));
}

export async function isKnownCountry(countryCode: string): Promise<boolean> {
  const Holidays = await loadCatalogue();
  return /^[A-Z]{2}$/.test(countryCode) && countryCode in (new Holidays().getCountries() as Record<string, string>);
}

/** The country's main time zone (the catalogue lists it first), e.g. PT → Europe/Lisbon. */
export async function mainTimeZone(countryCode: string): Promise<string | null> {
  const Holidays = await loadCatalogue();
  return new Holidays(countryCode).getTimezones()?.[0] ?? null;
}

/** Every IANA time zone this runtime knows (plus UTC, which it lists apart), for pickers. */
export function listTimeZones(): string[] {
  return [...Intl.supportedValuesOf("timeZone"), "UTC"];
}

export function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone });
    return true;
  } catch {
    return false;
  }
}

export interface CatalogueRegion {
  code: string;
  name: string;
}

/**
 * A country's regions as the catalogue names them: ISO 3166-2 subdivision codes without the
 * country ("MD" for Madrid in ES, "BY" for Bavaria in DE), the code people's profiles hold. Empty
 * for a country without regional holidays in the catalogue (Portugal's, for one).
 */
export async function listRegions(countryCode: string): Promise<CatalogueRegion[]> {
  const Holidays = await loadCatalogue();
  if (!(await isKnownCountry(countryCode))) return [];
  const states = (new Holidays().getStates(countryCode) ?? {}) as Record<string, string>;
  return Object.entries(states)
    .map(([code, name]) => ({ code: code.toUpperCase(), name }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export interface OfficialHoliday extends CatalogueHoliday {
  /** Null for the whole country; the region's code for a holiday only that region has. */
  region: string | null;
}

/**
 * The public holidays of a country, or of a country and one of its regions, in a year: the
 * national ones (region null) and those only the region has (region set). A substitute day the
 * catalogue adds on a date that already has a holiday of the list is left out (it would be the
 * same day off twice).
 */
export async function officialHolidays(countryCode: string, region: string | null, year: number): Promise<OfficialHoliday[]> {
  const national = await nationalHolidays(countryCode, year);
  const result: OfficialHoliday[] = national.map((h) => ({ ...h, region: null }));
  if (!region) return result;
  const Holidays = await loadCatalogue();
  const nationalKeys = new Set(national.map((h) => `${h.date}|${h.name}`));
  const dates = new Set(national.map((h) => h.date));
  for (const holiday of new Holidays(countryCode, region).getHolidays(year) || []) {
    if (holiday.type !== "public") continue;
    const date = holiday.date.slice(0, 10) as IsoDate;
    if (nationalKeys.has(`${date}|${holiday.name}`)) continue;
    if (holiday.substitute && dates.has(date)) continue;
    dates.add(date);
    nationalKeys.add(`${date}|${holiday.name}`);
    result.push({ date, name: holiday.name, region });
  }
  return result.sort((a, b) => a.date.localeCompare(b.date) || a.name.localeCompare(b.name));
}

type NamesByLanguage = Record<string, string>;
const namesOfPlaces = new Map<string, Promise<Map<string, NamesByLanguage>>>();

/**
 * A place's catalogue holidays by the name the catalogue gives them there (the one loaded into a
 * company's holidays: the country's own language), each with its names in other languages. Made
 * once per country and region for the process.
 */
function catalogueNamesOf(countryCode: string, region: string | null): Promise<Map<string, NamesByLanguage>> {
  const key = `${countryCode}|${region ?? ""}`;
  let names = namesOfPlaces.get(key);
  if (!names) {
    names = loadCatalogue().then((Holidays) => {
      const byStoredName = new Map<string, NamesByLanguage>();
      if (!/^[A-Z]{2}$/.test(countryCode)) return byStoredName;
      try {
        const place = region ? new Holidays(countryCode, region) : new Holidays(countryCode);
        const languages = place.getLanguages();
        // getRules() gives the rules as the catalogue defines them (HolidaysTypes.HolidayRule: a name
        // per language); its declared return type, the class built from them, leaves the fields out.
        for (const rule of place.getRules() as unknown as HolidaysTypes.HolidayRule[]) {
          const byLanguage: NamesByLanguage = typeof rule.name === "string" ? { [languages[0]]: rule.name } : rule.name;
          const stored = languages.map((language) => byLanguage[language]).find(Boolean);
          if (stored && !byStoredName.has(stored)) byStoredName.set(stored, byLanguage);
        }
      } catch {
        // A place the catalogue does not know: its holidays keep their names.
      }
      return byStoredName;
    });
    namesOfPlaces.set(key, names);
  }
  return names;
}

/**
 * Holidays named in the reader's language where the catalogue has that holiday in that language
 * ("Dia da Liberdade" is "Liberty Day" in English; the catalogue has no Spanish name for it, so it
 * stays "Dia da Liberdade" in Spanish). A holiday whose name is not the catalogue's (one a company
 * typed or imported itself, or renamed) keeps its name: docs/decisions/0075.
 */
export async function holidaysInLanguage<T extends { countryCode: string; region: string | null; name: string }>(rows: readonly T[], language: string): Promise<T[]> {
  const places = [...new Set(rows.map((row) => `${row.countryCode}|${row.region ?? ""}`))];
  const names = new Map(await Promise.all(places.map(async (place) => [place, await catalogueNamesOf(place.split("|")[0], place.split("|")[1] || null)] as const)));
  return rows.map((row) => {
    const translated = names.get(`${row.countryCode}|${row.region ?? ""}`)?.get(row.name)?.[language];
    return translated && translated !== row.name ? { ...row, name: translated } : row;
  });
}
