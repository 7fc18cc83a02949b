import { describe, expect, it } from "vitest";
import { holidaysInLanguage, isKnownCountry, isKnownTimeZone, listCountries, mainTimeZone, nationalHolidays } from "~/models/holiday-catalogue.server";

describe("the national holiday catalogue (date-holidays)", () => {
  it("lists Portugal's 13 public holidays as calendar dates in order, with the movable feasts of the year", async () => {
    const holidays = await nationalHolidays("PT", 2026);
    expect(holidays).toHaveLength(13);
    expect(holidays.map((h) => h.date)).toEqual([...holidays.map((h) => h.date)].sort());
    // Easter 2026 is April 5th: Good Friday the 3rd, Corpus Christi 60 days after Easter.
    expect(holidays.map((h) => h.date)).toEqual(expect.arrayContaining(["2026-04-03", "2026-04-05", "2026-06-04", "2026-04-25", "2026-12-25"]));
    expect(holidays.find((h) => h.date === "2026-12-25")?.name).toBe("Natal");
  });

  it("keeps the catalogue's local date even where its instant falls on the day before in UTC", async () => {
    // The catalogue's Date for 25 April in Lisbon's summer time is 24 April 23:00 UTC.
    expect((await nationalHolidays("PT", 2027)).some((h) => h.date === "2027-04-25")).toBe(true);
    expect((await nationalHolidays("PT", 2027)).some((h) => h.date === "2027-04-24")).toBe(false);
  });

  it("knows other countries, in their own language, without observances that are no day off", async () => {
    const spain = await nationalHolidays("ES", 2027);
    expect(spain.find((h) => h.date === "2027-01-06")?.name).toBe("Día de los Reyes Magos");
    const brazil = await nationalHolidays("BR", 2027);
    expect(brazil.length).toBeGreaterThan(5);
    expect(await nationalHolidays("ZZ", 2027)).toEqual([]);
  });

  it("names countries in the person's language and gives each its main time zone", async () => {
    expect((await listCountries("pt")).find((c) => c.code === "ES")?.name).toBe("Espanha");
    // Portugal's Portuguese, not Brazil's.
    expect((await listCountries("pt")).find((c) => c.code === "AM")?.name).toBe("Arménia");
    expect((await listCountries("es")).find((c) => c.code === "DE")?.name).toBe("Alemania");
    expect((await listCountries("en")).find((c) => c.code === "DE")?.name).toBe("Germany");
    expect(await mainTimeZone("PT")).toBe("Europe/Lisbon");
    expect(await mainTimeZone("ES")).toBe("Europe/Madrid");
    expect(await isKnownCountry("PT")).toBe(true);
    expect(await isKnownCountry("XX")).toBe(false);
    expect(await isKnownCountry("pt")).toBe(false);
    expect(isKnownTimeZone("America/Sao_Paulo")).toBe(true);
    expect(isKnownTimeZone("Mars/Olympus")).toBe(false);
  });

  it("names official holidays in the reader's language where the catalogue has that name, and keeps a company's own", async () => {
    const rows = [
      { countryCode: "PT", region: null, name: "Natal" },
      { countryCode: "PT", region: null, name: "Dia da Liberdade" },
      { countryCode: "PT", region: null, name: "Dia da empresa" },
      { countryCode: "ES", region: "MD", name: "Día de los Reyes Magos" },
      { countryCode: "XX", region: null, name: "Somewhere" },
    ];
    const names = async (language: string) => (await holidaysInLanguage(rows, language)).map((h) => h.name);
    expect(await names("en")).toEqual(["Christmas Day", "Liberty Day", "Dia da empresa", "Epiphany", "Somewhere"]);
    // No Spanish name for 25 April in the catalogue: the stored one, not the English.
    expect(await names("es")).toEqual(["Navidad", "Dia da Liberdade", "Dia da empresa", "Día de los Reyes Magos", "Somewhere"]);
    expect(await names("pt")).toEqual(["Natal", "Dia da Liberdade", "Dia da empresa", "Epifania do Senhor", "Somewhere"]);
  });
});
