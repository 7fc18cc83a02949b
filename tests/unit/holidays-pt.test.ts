import { describe, expect, it } from "vitest";
import { easterSunday, portugueseHolidays } from "~/lib/holidays-pt";

describe("Portuguese national holidays", () => {
  it("computes Easter Sunday", () => {
    expect(easterSunday(2024)).toBe("2024-03-31");
    expect(easterSunday(2025)).toBe("2025-04-20");
    expect(easterSunday(2026)).toBe("2026-04-05");
    expect(easterSunday(2027)).toBe("2027-03-28");
    expect(easterSunday(2038)).toBe("2038-04-25");
  });

  it("lists the 13 national holidays in date order, movable ones not recurring", () => {
    const holidays = portugueseHolidays(2026);
    expect(holidays).toHaveLength(13);
    expect(holidays.map((h) => h.date)).toEqual([...holidays.map((h) => h.date)].sort());
    expect(holidays.find((h) => h.name === "Sexta-feira Santa")).toEqual({ date: "2026-04-03", name: "Sexta-feira Santa", isRecurring: false });
    expect(holidays.find((h) => h.name === "Corpo de Deus")?.date).toBe("2026-06-04");
    expect(holidays.find((h) => h.date === "2026-12-25")).toMatchObject({ name: "Natal", isRecurring: true });
  });
});
