// readRows reads through the client's connection without the client (decision 0059); what it
// gives must be what `$queryRaw` gives, value for value and type for type, on the engine under test.
import { afterAll, describe, expect, it, vi } from "vitest";
import { Prisma } from "~/generated/prisma/client";
import { LeftToTheClient, statementFor } from "~/utils/raw-rows.server";
import { createDb, type DbClient, getDb, readRows } from "~/utils/db.server";
import { createCompany, createTeam, createUser } from "../support/factories";
import { testEngine } from "../support/test-database";

const postgresql = testEngine === "postgresql";

type Outcome = { rows: Record<string, unknown>[] } | { error: string };

const outcome = (read: Promise<Record<string, unknown>[]>): Promise<Outcome> =>
  read.then(
    (rows) => ({ rows }),
    (error: Error) => ({ error: `${error.constructor.name}: ${error.message}` }),
  );

/**
 * Both ways give equal rows, or fail alike; the rows, when there are. readRows must not have
 * asked the client, unless `viaClient` (what the rules leave to it).
 */
async function bothWays(db: DbClient, query: Prisma.Sql, { viaClient = false } = {}) {
  const spy = vi.spyOn(db, "$queryRaw");
  const direct = await outcome(readRows<Record<string, unknown>>(db, query));
  const clientCalls = spy.mock.calls.length;
  spy.mockRestore();
  const client = await outcome(db.$queryRaw<Record<string, unknown>[]>(query));
  expect(direct).toStrictEqual(client);
  expect(clientCalls).toBe(viaClient ? 1 : 0);
  return "rows" in direct ? direct.rows : [];
}

async function aCompanyWithEverything() {
  const db = getDb();
  const company = await createCompany();
  const admin = await createUser(company.id, { role: "admin", fullName: "Ana Über-Ñandú ✓" });
  const team = await createTeam(company.id, "Team", [admin.id]);
  await db.user.update({ where: { id: admin.id }, data: { teamId: team.id } });
  await db.allowance.create({ data: { companyId: company.id, userId: admin.id, year: 2027, yearly: 22.5, residual: -1.25 } });
  await db.holiday.create({ data: { companyId: company.id, date: "2027-12-25", name: "Natal", isRecurring: true, region: null } });
  await db.vacation.create({
    data: { companyId: company.id, userId: admin.id, startDate: "2027-03-01", endDate: "2027-03-02", status: "approved", halfDayEnd: true, reviewedAt: new Date("2027-02-03T04:05:06.789Z") },
  });
  return { company, admin };
}

describe("readRows gives what $queryRaw gives", () => {
  it("for every column of the app's tables, with their nulls, booleans, numbers and dates", async () => {
    const db = getDb();
    const { company } = await aCompanyWithEverything();
    for (const table of ["Company", "User", "Team", "TeamAdmin", "Allowance", "Holiday", "Vacation", "AbsenceCategory"]) {
      const where = table === "Company" ? Prisma.sql`t."id" = ${company.id}` : table === "TeamAdmin" ? Prisma.sql`1 = 1` : Prisma.sql`t."companyId" = ${company.id}`;
      const rows = await bothWays(db, Prisma.sql`SELECT * FROM ${Prisma.raw(`"${table}"`)} t WHERE ${where}`);
      expect(rows.length).toBeGreaterThan(0);
    }
    const [vacation] = await readRows<{ reviewedAt: Date; halfDayEnd: boolean; halfDayStart: boolean }>(db, Prisma.sql`SELECT * FROM "Vacation" WHERE "companyId" = ${company.id}`);
    expect(vacation.reviewedAt).toEqual(new Date("2027-02-03T04:05:06.789Z"));
    expect([vacation.halfDayStart, vacation.halfDayEnd]).toEqual([false, true]);
  });

  it("for counts, sums, existence, comparisons and literals", async () => {
    const db = getDb();
    const { company, admin } = await aCompanyWithEverything();
    const rows = await bothWays(
      db,
      Prisma.sql`SELECT COUNT(*) AS "count", SUM(a."yearly") AS "yearly", SUM(a."year") AS "years", MAX(a."residual") AS "residual",
        EXISTS (SELECT 1 FROM "Holiday" h WHERE h."companyId" = ${company.id}) AS "any",
        EXISTS (SELECT 1 FROM "Holiday" h WHERE h."companyId" = 'nobody') AS "none",
        MIN(a."updatedAt") IS NULL AS "isNull", 1 AS "one", 2.5 AS "half", 'text' AS "text", NULL AS "nothing",
        CASE WHEN COUNT(*) > 0 THEN 'some' ELSE 'none' END AS "case"
      FROM "Allowance" a WHERE a."userId" = ${admin.id}`,
    );
    expect(rows).toHaveLength(1);
  });

  it("for a statement whose first word comes from a nested fragment", async () => {
    const db = getDb();
    await readRows(db, Prisma.sql`SELECT 1 AS "warm"`);
    const select = Prisma.sql`SELECT ${7} AS "seven"`;
    expect(await bothWays(db, Prisma.sql`${select}, ${"x"} AS "letter"`)).toHaveLength(1);
    expect(await bothWays(db, Prisma.sql`${Prisma.raw("WITH t AS (SELECT 2 AS n)")} SELECT t."n" FROM t`)).toHaveLength(1);
    // Not a read: the client writes it.
    await bothWays(db, Prisma.sql`${Prisma.raw("UPDATE")} "Company" SET "name" = "name" WHERE "id" = ${"none"}`, { viaClient: true });
  });

  it("for parameters of every kind the app binds, and an empty answer", async () => {
    const db = getDb();
    const { company, admin } = await aCompanyWithEverything();
    const bound = await bothWays(
      db,
      Prisma.sql`SELECT CAST(${"texto ✓ 'quoted'"} AS TEXT) AS "s", CAST(${42} AS INTEGER) AS "i", CAST(${1.25} AS REAL) AS "f", CAST(${9_007_199_254_740_993n} AS BIGINT) AS "big",
        CAST(${true} AS BOOLEAN) AS "yes", CAST(${null} AS TEXT) AS "nothing", CAST(${undefined} AS TEXT) AS "undefined"`,
    );
    expect(bound).toHaveLength(1);
    // -0 goes through JSON as 0 (SQLite would give -0.0 back for a bound -0); NaN is the client's.
    expect(await bothWays(db, Prisma.sql`SELECT ${-0} * 1.0 AS "zero", ${-1.5} * 1.0 AS "negative"`)).toHaveLength(1);
    await bothWays(db, Prisma.sql`SELECT CAST(${Number.NaN} AS TEXT) AS "nan"`, { viaClient: true });
    const since = await bothWays(db, Prisma.sql`SELECT u."id" FROM "User" u WHERE u."companyId" = ${company.id} AND u."createdAt" >= ${new Date(Date.now() - 60_000)}`);
    expect(since.map((r) => r.id)).toContain(admin.id);
    expect(await bothWays(db, Prisma.sql`SELECT u."id" FROM "User" u WHERE u."companyId" = ${company.id} AND u."createdAt" > ${new Date(Date.now() + 60_000)}`)).toEqual([]);
    expect(await bothWays(db, Prisma.sql`SELECT u."id" FROM "User" u WHERE u."id" IN (${Prisma.join([admin.id, "someone-else"])})`)).toEqual([{ id: admin.id }]);
  });

  it.runIf(postgresql)("for PostgreSQL's own types: numeric, json, dates, times and arrays", async () => {
    const rows = await bothWays(
      getDb(),
      Prisma.sql`SELECT 1.50::numeric AS "num", '{"a":[1,null]}'::json AS "j", '{"b":true}'::jsonb AS "jb", DATE '2027-01-02' AS "d", TIME '10:11:12.5' AS "t",
        TIMESTAMP '2027-01-02 03:04:05.678' AS "ts", TIMESTAMPTZ '2027-01-02 03:04:05+02' AS "tz", 9007199254740993::bigint AS "big", 7::smallint AS "small",
        ARRAY[1, NULL, 3]::int[] AS "ints", ARRAY['a', NULL]::text[] AS "texts", ARRAY[TRUE, FALSE] AS "bools", ARRAY[1.5]::numeric[] AS "nums",
        ARRAY[9007199254740993]::bigint[] AS "bigs", ARRAY[DATE '2027-01-02'] AS "dates", ARRAY['{"x":1}'::json] AS "jsons", 'a'::char(3) AS "c",
        '00000000-0000-0000-0000-000000000001'::uuid AS "u", 1.5::float4 AS "f4", 1.5::float8 AS "f8"`,
    );
    expect(rows).toHaveLength(1);
  });

  it.runIf(!postgresql)("for SQLite's columns that hold values of several kinds", async () => {
    // The adapter takes a column's type from its first value: the 2.5 after a 1 is read as 2, alike.
    expect(await bothWays(getDb(), Prisma.sql`SELECT x FROM (SELECT 1 AS x UNION ALL SELECT 2.5 UNION ALL SELECT NULL) ORDER BY x IS NULL`)).toHaveLength(3);
    // And text after a number fails, alike.
    await bothWays(getDb(), Prisma.sql`SELECT x FROM (SELECT 'a' AS x UNION ALL SELECT 1) ORDER BY x`);
  });
});

describe("readRows leaves to the client", () => {
  const client = createDb(process.env.DATABASE_URL!);
  afterAll(() => client.$disconnect());

  it("the first statement (no connection yet), bytes, a parameter it does not know, a transaction's reads and a failing statement", async () => {
    let spy = vi.spyOn(client, "$queryRaw");
    const one = Prisma.sql`SELECT 1 AS "one"`;
    const first = await readRows(client, one);
    expect(spy).toHaveBeenCalledTimes(1);
    expect(first).toStrictEqual(await client.$queryRaw(one));
    spy.mockClear();

    // Connected: plain reads do not go through the client.
    await readRows(client, Prisma.sql`SELECT ${"a"} AS "a"`);
    expect(spy).not.toHaveBeenCalled();

    // Bytes, in a column or as a parameter.
    // Bytes are the client's on PostgreSQL; SQLite's adapter refuses a blob column either way.
    const blob = postgresql ? Prisma.sql`SELECT '\\x0102'::bytea AS "b"` : Prisma.sql`SELECT X'0102' AS "b"`;
    expect(await bothWays(client, blob, { viaClient: postgresql })).toHaveLength(postgresql ? 1 : 0);
    expect(() => statementFor("sqlite", Prisma.sql`SELECT ${Buffer.from("ab")}`)).toThrow(LeftToTheClient);
    // (bothWays put the client's own $queryRaw back.)
    spy = vi.spyOn(client, "$queryRaw");
    const length = Prisma.sql`SELECT LENGTH(${Buffer.from("abc")}) AS "n"`;
    const [byLength] = await readRows<{ n: unknown }>(client, length);
    expect(Number(byLength.n)).toBe(3);
    expect(spy).toHaveBeenCalledTimes(1);

    // A statement the database refuses fails once, with the driver's error (the client's P2010
    // wraps the same one); anything but a read is the client's.
    spy.mockClear();
    const failure = await readRows(client, Prisma.sql`SELECT "nope" FROM "NoSuchTable"`).catch((error: Error) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).name).toBe("DriverAdapterError");
    expect(spy).not.toHaveBeenCalled();
    const clientFailure = await client.$queryRaw`SELECT "nope" FROM "NoSuchTable"`.then(
      () => undefined,
      (error: unknown) => error,
    );
    expect((clientFailure as Prisma.PrismaClientKnownRequestError).code).toBe("P2010");
    spy.mockClear();
    expect(await readRows(client, Prisma.sql`VALUES (1)`)).toHaveLength(1);
    expect(spy).toHaveBeenCalledTimes(1);

    // A transaction's client reads inside the transaction: its own writes, not yet committed.
    const company = await client.company.create({ data: { name: "In a transaction" } });
    const rolledBack = await client
      .$transaction(async (tx) => {
        await tx.holiday.create({ data: { companyId: company.id, date: "2027-01-01", name: "Uncommitted" } });
        const seen = await readRows<{ name: string }>(tx, Prisma.sql`SELECT h."name" FROM "Holiday" h WHERE h."companyId" = ${company.id}`);
        expect(seen).toEqual([{ name: "Uncommitted" }]);
        throw new Error("roll back");
      })
      .catch((error: Error) => error.message);
    expect(rolledBack).toBe("roll back");
    expect(await readRows(client, Prisma.sql`SELECT h."name" FROM "Holiday" h WHERE h."companyId" = ${company.id}`)).toEqual([]);
  });

  it("a client that was disconnected: its next read reconnects through the client", async () => {
    const db = createDb(process.env.DATABASE_URL!);
    try {
      await readRows(db, Prisma.sql`SELECT 1 AS "one"`);
      await db.$disconnect();
      const spy = vi.spyOn(db, "$queryRaw");
      const rows = await readRows<{ one: unknown }>(db, Prisma.sql`SELECT 1 AS "one"`);
      expect(Number(rows[0].one)).toBe(1);
      expect(spy).toHaveBeenCalledTimes(1);
      spy.mockClear();
      await readRows(db, Prisma.sql`SELECT 1 AS "one"`);
      expect(spy).not.toHaveBeenCalled();
    } finally {
      await db.$disconnect();
    }
  });
});
