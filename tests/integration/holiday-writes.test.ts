// The holiday import's writes (addHolidays in app/models/holiday.server.ts) on the engine under
// test (npm run test:integration, and :pg): texts, booleans, NULLs and the time of the insert read
// back as they went in. The PostgreSQL test cluster runs 14 hours ahead of UTC, so a time taken in
// the server's zone would show.
import { describe, expect, it } from "vitest";
import { addHolidays } from "~/models/holiday.server";
import { getDb } from "~/utils/db.server";
import { createCompany } from "../support/factories";
import { testEngine } from "../support/test-database";

describe(`holiday writes on ${testEngine}`, () => {
  it("runs the app on the engine under test", async () => {
    const [row] = await getDb().$queryRawUnsafe<{ version: string }[]>(testEngine === "postgresql" ? "SELECT version() AS version" : "SELECT sqlite_version() AS version");
    expect(row.version).toMatch(testEngine === "postgresql" ? /^PostgreSQL/ : /^3\./);
  });

  it("inserts holidays with every value as it was given, and the time of the insert in UTC", async () => {
    const company = await createCompany("Raw");
    const before = Date.now();
    const drafts = Array.from({ length: 2_500 }, (_, i) => ({
      date: `2030-${String((i % 12) + 1).padStart(2, "0")}-${String((i % 28) + 1).padStart(2, "0")}`,
      name: `Holiday ${i} — "quoted" 'and' ação`,
      countryCode: i % 2 ? "PT" : "ES",
      region: i % 3 ? null : "MD",
      isRecurring: i % 2 === 0,
    }));
    const added = await getDb().$transaction((tx) => addHolidays(tx, company.id, drafts), { timeout: 30_000 });
    expect(added).toBe(2_500);

    const rows = await getDb().holiday.findMany({ where: { companyId: company.id }, select: { date: true, name: true, countryCode: true, region: true, isRecurring: true, createdAt: true, id: true } });
    expect(rows).toHaveLength(2_500);
    const byName = new Map(rows.map((row) => [row.name, row]));
    for (const draft of [drafts[0], drafts[1], drafts[3], drafts[2_499]]) {
      expect(byName.get(draft.name)).toMatchObject(draft);
    }
    expect(rows.filter((row) => row.isRecurring === true)).toHaveLength(1_250);
    expect(rows.filter((row) => row.region === null)).toHaveLength(1_666);
    expect(new Set(rows.map((row) => row.id)).size).toBe(2_500);
    for (const row of rows) {
      expect(row.createdAt).toBeInstanceOf(Date);
      expect(row.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1_000);
      expect(row.createdAt.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
    }
  });
});
