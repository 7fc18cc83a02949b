// A holiday's fields (form, CSV rows, API), the list's filters (spec section 5: country letters,
// upper-cased, 2; year 4 digits; month 2 digits; a name search), the three-letter country codes
// the API reads, and the catalogue's regions.
import { describe, expect, it } from "vitest";
import { readHolidayFilters } from "~/lib/holiday-filters";
import { checkHolidayFields, parseFlag, regionCodeOf } from "~/lib/holidays";
import { iso2FromIso3, iso3Pairs } from "~/lib/iso3-countries";
import { listCountries, listRegions, officialHolidays } from "~/models/holiday-catalogue.server";

const defaults = { countryCode: "PT", isRecurring: true };

describe("a holiday's fields", () => {
  it("needs a date and a name; the country is the company's when empty, upper-cased when given", () => {
    expect(checkHolidayFields({}, defaults)).toEqual({ ok: false, errors: { date: "holidays.validation.dateRequired", name: "holidays.validation.nameRequired" } });
    expect(checkHolidayFields({ date: "2027-06-13", name: "  Santo   António ", countryCode: "" }, defaults)).toEqual({
      ok: true,
      value: { date: "2027-06-13", name: "Santo António", countryCode: "PT", region: null, isRecurring: true },
    });
    expect(checkHolidayFields({ date: "2027-05-02", name: "Día de Madrid", countryCode: " es ", region: "es-md", isRecurring: "false" }, defaults)).toMatchObject({
      ok: true,
      value: { countryCode: "ES", region: "MD", isRecurring: false },
    });
  });

  it("refuses impossible or out-of-window dates, long names, bad countries, regions and flags", () => {
    const check = (input: Record<string, unknown>) => {
      const result = checkHolidayFields({ date: "2027-01-01", name: "Ano Novo", ...input }, defaults);
      return result.ok ? null : result.errors;
    };
    expect(check({ date: "2027-02-30" })).toEqual({ date: "validation.dateInvalid" });
    expect(check({ date: "01/01/2027" })).toEqual({ date: "validation.dateInvalid" });
    expect(check({ date: "1999-12-31" })).toEqual({ date: "validation.dateOutOfWindow" });
    expect(check({ name: "x".repeat(101) })).toEqual({ name: "holidays.validation.nameTooLong" });
    expect(check({ name: "x".repeat(100) })).toBeNull();
    for (const countryCode of ["P", "PRT", "P1", "Portugal"]) expect(check({ countryCode })).toEqual({ countryCode: "holidays.validation.countryInvalid" });
    expect(check({ region: "Região Autónoma" })).toEqual({ region: "holidays.validation.regionInvalid" });
    expect(check({ isRecurring: "maybe" })).toEqual({ isRecurring: "holidays.validation.recurringInvalid" });
  });

  it("reads yes/no as spreadsheets and clients write it; a missing one is the default", () => {
    for (const yes of [true, 1, "true", "TRUE", "1", "yes", "sim", "Sí", "y", "x"]) expect(parseFlag(yes)).toBe(true);
    for (const no of [false, 0, "false", "0", "no", "não", "nao", "n"]) expect(parseFlag(no)).toBe(false);
    expect(parseFlag("2")).toBeNull();
    expect(checkHolidayFields({ date: "2027-01-01", name: "A", isRecurring: "" }, { countryCode: "PT", isRecurring: false })).toMatchObject({ value: { isRecurring: false } });
    expect(checkHolidayFields({ date: "2027-01-01", name: "A", isRecurring: null }, defaults)).toMatchObject({ value: { isRecurring: true } });
  });

  it("writes a region as the people's profiles hold it", () => {
    expect(regionCodeOf("pt-30", "PT")).toBe("30");
    expect(regionCodeOf(" 20 ", "PT")).toBe("20");
    expect(regionCodeOf("ES-MD", "PT")).toBe("ES-MD");
    expect(regionCodeOf("", "PT")).toBeNull();
  });
});

describe("the list's filters", () => {
  const read = (query: string) => readHolidayFilters(new URLSearchParams(query));

  it("reads country, year, month and name", () => {
    expect(read("country=pt&year=2027&month=5&q=natal")).toMatchObject({ filters: { countryCode: "PT", year: 2027, month: 5, q: "natal" }, invalid: {} });
    expect(read("country_code=ES&month=05").filters).toEqual({ countryCode: "ES", month: 5 });
    expect(read("date_from=2027-01-01&date_to=2027-03-31").filters).toEqual({ dateFrom: "2027-01-01", dateTo: "2027-03-31" });
  });

  it("refuses what the spec's fields cannot hold, naming the query name", () => {
    expect(read("country=P&year=27&month=13&q=" + "x".repeat(101))).toEqual({
      filters: {},
      invalid: { country: "holidays.filters.countryInvalid", year: "holidays.filters.yearInvalid", month: "holidays.filters.monthInvalid", q: "holidays.filters.searchTooLong" },
      given: { countryCode: "country", year: "year", month: "month", q: "q" },
    });
    expect(read("country=P1").invalid).toEqual({ country: "holidays.filters.countryInvalid" });
    expect(read("year=1999").invalid).toEqual({ year: "holidays.filters.yearInvalid" });
    expect(read("month=0").invalid).toEqual({ month: "holidays.filters.monthInvalid" });
    expect(read("date_from=2027-02-30").invalid).toEqual({ date_from: "validation.dateInvalid" });
  });

  it("reads the country under the spec's other names: cc, iso2, iso3, locale", () => {
    expect(read("cc=de").filters).toEqual({ countryCode: "DE" });
    expect(read("iso2=FR").filters).toEqual({ countryCode: "FR" });
    expect(read("iso3=PRT").filters).toEqual({ countryCode: "PT" });
    expect(read("locale=pt-BR").filters).toEqual({ countryCode: "BR" });
    expect(read("locale=es_ES").filters).toEqual({ countryCode: "ES" });
    expect(read("iso3=XYZ").invalid).toEqual({ iso3: "holidays.filters.countryInvalid" });
  });

  it("ignores empty values", () => {
    expect(read("country=&year=&month=&q=")).toEqual({ filters: {}, invalid: {}, given: {} });
  });
});

describe("three-letter country codes", () => {
  it("map one to one onto two-letter codes, and cover every country of the catalogue that has one", async () => {
    const pairs = iso3Pairs();
    expect(new Set(pairs.map(([, iso2]) => iso2)).size).toBe(pairs.length);
    const known = new Set(pairs.map(([, iso2]) => iso2));
    const missing = (await listCountries("en")).map((c) => c.code).filter((code) => !known.has(code));
    // The Canary Islands' IC is an exceptionally reserved code: ISO gives it no three-letter form.
    expect(missing).toEqual(["IC"]);
    expect(iso2FromIso3("esp")).toBe("ES");
    expect(iso2FromIso3("GBR")).toBe("GB");
  });
});

describe("the catalogue's regions", () => {
  it("lists a country's regions by the codes people's profiles hold", async () => {
    const spain = await listRegions("ES");
    expect(spain.find((r) => r.code === "MD")?.name).toBe("Comunidad de Madrid");
    expect((await listRegions("DE")).map((r) => r.code)).toContain("BY");
    // Portugal's regions (Azores 20, Madeira 30) have no holidays in the catalogue.
    expect(await listRegions("PT")).toEqual([]);
    expect(await listRegions("ZZ")).toEqual([]);
  });

  it("gives the national holidays and those of the region only, once per day", async () => {
    const madrid = await officialHolidays("ES", "MD", 2027);
    const national = await officialHolidays("ES", null, 2027);
    expect(national.every((h) => h.region === null)).toBe(true);
    const regional = madrid.filter((h) => h.region === "MD");
    expect(regional.map((h) => h.date)).toContain("2027-05-03");
    // The catalogue's substitute day on a date that already has the holiday is left out.
    expect(madrid.filter((h) => h.date === "2027-05-03")).toHaveLength(1);
    expect(madrid.filter((h) => h.region === null)).toEqual(national);
  });
});
