// PostgreSQL's plans for the bench's pages among many companies (issue 44): every table a page
// reads is reached through an index led by the company, or by a key that already belongs to one
// company (a person, a team, an absence, a row's own id), never read whole. query-plans.test.ts
// checks SQLite's; this is PostgreSQL's twin, run by the PostgreSQL integration stage.
//
// The companies are written in bulk (tests/support/many-tenants.ts, as the bench's many-tenant set)
// and ANALYZEd, so the planner chooses from statistics of a database of many companies, as it does
// in production, not from those of one small company where reading a whole table is cheapest.
import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as appLoader } from "~/routes/_app";
import { loader as approvalsLoader } from "~/routes/_app.approvals";
import { loader as companyCalendarLoader } from "~/routes/_app.company-calendar";
import { loader as myCalendarLoader } from "~/routes/_app.my-calendar";
import { loader as vacationsLoader } from "~/routes/_app.vacations";
import { loader as searchLoader } from "~/api/vacations.search";
import { action as loginAction } from "~/routes/login";
import { createDb, getDb, setDb } from "~/utils/db.server";
import { hashPassword } from "~/utils/password.server";
import { TEST_PASSWORD } from "../support/factories";
import { args, cookiesFrom, getRequest, postForm } from "../support/http";
import { seedTenants } from "../support/many-tenants";
import { testEngine } from "../support/test-database";

const YEAR = 2027;
// Enough companies that finding one company's rows by reading a table whole costs the planner more
// than an index: the Company table alone spans pages enough that its primary key wins.
const COMPANIES = 600;

interface Statement {
  sql: string;
  params: unknown[];
}

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Index Cond"?: string;
  Plans?: PlanNode[];
}

interface TableRead {
  table: string;
  node: string;
  /** The indexes it goes through, each with its condition (a bitmap's from its Bitmap Index Scans). */
  accesses: { index: string; cond: string }[];
}

/** Each table read by a plan, how (node type) and through which indexes. */
function tableReads(node: PlanNode, reads: TableRead[] = []): TableRead[] {
  // A write's own node names its table; the rows it changes are found by the scan beneath it.
  if (node["Relation Name"] && node["Node Type"] !== "ModifyTable") {
    const accesses: TableRead["accesses"] = [];
    const bitmaps = (child: PlanNode) => {
      if (child["Node Type"] === "Bitmap Index Scan") accesses.push({ index: child["Index Name"]!, cond: child["Index Cond"] ?? "" });
      else if (child["Node Type"] === "BitmapAnd" || child["Node Type"] === "BitmapOr") child.Plans?.forEach(bitmaps);
    };
    if (node["Index Name"]) accesses.push({ index: node["Index Name"], cond: node["Index Cond"] ?? "" });
    if (node["Node Type"] === "Bitmap Heap Scan") node.Plans?.forEach(bitmaps);
    reads.push({ table: node["Relation Name"], node: node["Node Type"], accesses });
  }
  if (node["Node Type"] !== "Bitmap Heap Scan") for (const child of node.Plans ?? []) tableReads(child, reads);
  return reads;
}

// Keys that already pick out one company's rows: the company's own, or a person, team, absence or
// lock date of the signed-in person's company (the statement got them from the session or from an
// earlier company-led read, or joins them to one), or one row by its primary key (`id`).
const COMPANY_KEYS = ["companyId", "userId", "teamId", "vacationId", "blackoutId", "id"];

/**
 * Why a read is not an index access led by the company (or a key of one company), or null when it
 * is: each index it goes through must begin with such a key and its condition must fix that key
 * (an index read whole, its first column unbounded, is no better than the table read whole).
 */
function notCompanyLed(read: TableRead): string | null {
  if (!/^(Index Scan|Index Only Scan|Bitmap Heap Scan)$/.test(read.node) || read.accesses.length === 0) return `${read.node}, no index`;
  for (const { index, cond } of read.accesses) {
    const first = indexColumns.get(index)?.[0];
    if (!first || !COMPANY_KEYS.includes(first)) return `${index} is led by ${first ?? "an unknown column"}`;
    if (!new RegExp(`(^|[(\\s.])"?${first}"? = `).test(cond)) return `${index} is read without a condition on ${first} (${cond || "none"})`;
  }
  return null;
}

let pool: pg.Client;
/** Each index's columns, in order. */
let indexColumns: Map<string, string[]>;
let admin: string;
let employee: string;

/** What the loaders send, as the client writes it, with their parameters. */
async function statementsOf(read: () => Promise<unknown>): Promise<Statement[]> {
  const db = createDb(process.env.DATABASE_URL!, { logQueries: true });
  const seen: Statement[] = [];
  (db as unknown as { $on(event: "query", listener: (event: { query: string; params: string }) => void): void }).$on("query", (event) => {
    if (/^\s*(SELECT|WITH|UPDATE|DELETE|INSERT)\b/i.test(event.query)) seen.push({ sql: event.query, params: JSON.parse(event.params) as unknown[] });
  });
  const app = getDb();
  setDb(db);
  try {
    await read();
  } finally {
    setDb(app);
    await db.$disconnect();
  }
  return seen;
}

async function planOf(statement: Statement): Promise<PlanNode> {
  const result = await pool.query<{ "QUERY PLAN": { Plan: PlanNode }[] }>(`EXPLAIN (FORMAT JSON) ${statement.sql}`, statement.params);
  return result.rows[0]["QUERY PLAN"][0].Plan;
}

describe.runIf(testEngine === "postgresql")("PostgreSQL query plans among many companies", () => {
  beforeAll(async () => {
    await seedTenants(process.env.TEST_DIRECT_DATABASE_URL!, {
      companies: COMPANIES,
      people: 10,
      absencesPerPerson: 6,
      year: YEAR,
      countries: ["PT"],
      batch: COMPANIES,
      passwordHash: await hashPassword(TEST_PASSWORD),
      prefix: "plans",
    });
    pool = new pg.Client({ connectionString: process.env.TEST_DIRECT_DATABASE_URL });
    await pool.connect();
    const indexes = await pool.query<{ name: string; columns: string[] }>(
      `SELECT i.relname AS name, array_agg(a.attname::text ORDER BY k.ord) AS columns
       FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_namespace n ON n.oid = i.relnamespace
       CROSS JOIN LATERAL unnest(x.indkey::int2[]) WITH ORDINALITY AS k(attnum, ord)
       JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = k.attnum
       WHERE n.nspname = current_schema() GROUP BY i.relname`,
    );
    indexColumns = new Map(indexes.rows.map((row) => [row.name, row.columns]));
    // A company among the others (the middle one), its admin (person 0) and an employee of no team's admins.
    const signIn = async (email: string) => cookiesFrom((await loginAction(args(postForm("/login", { email, password: TEST_PASSWORD })))) as Response);
    admin = await signIn(`plans-${COMPANIES / 2}-0@tenants.test`);
    employee = await signIn(`plans-${COMPANIES / 2}-7@tenants.test`);
    return () => pool.end();
  }, 60_000);

  it("knows the indexes it checks against", () => {
    expect(indexColumns.get("Vacation_companyId_startDate_createdAt_id_covering_idx")?.slice(0, 2)).toEqual(["companyId", "startDate"]);
    expect(indexColumns.get("User_pkey")).toEqual(["id"]);
  });

  it("tells a table or an index read whole from a read led by the company", async () => {
    const reads = async (sql: string, params: unknown[]) => tableReads(await planOf({ sql, params }));
    // Every company's pending requests: nothing leads with a company, so the table is read whole.
    const [everyCompany] = await reads(`SELECT "id" FROM "Vacation" WHERE "status" = $1`, ["pending"]);
    expect(notCompanyLed(everyCompany)).toBe("Seq Scan, no index");
    // Forced through an index led by the company, yet with no company in the condition: read whole.
    await pool.query("SET enable_seqscan = off");
    try {
      const [wholeIndex] = await reads(`SELECT "companyId", "endDate" FROM "Vacation" WHERE "endDate" = $1`, [`${YEAR}-03-01`]);
      expect(indexColumns.get(wholeIndex.accesses[0].index)?.[0]).toBe("companyId");
      expect(notCompanyLed(wholeIndex)).toMatch(/read without a condition on companyId/);
    } finally {
      await pool.query("RESET enable_seqscan");
    }
    // One company's: led by it.
    const [ofCompany] = await reads(`SELECT "id" FROM "Vacation" WHERE "companyId" = $1 AND "endDate" = $2`, ["plans-1", `${YEAR}-03-01`]);
    expect(notCompanyLed(ofCompany)).toBeNull();
  });

  // The bench's pages (bench/run.ts pageTargets), each with the shell's loader as a browser's request runs it.
  const pages: [string, () => string, (request: Request) => Promise<unknown>][] = [
    ["/my-calendar (employee)", () => employee, (request) => myCalendarLoader(args(request))],
    ["/vacations (admin)", () => admin, (request) => vacationsLoader(args(request))],
    ["/approvals (admin)", () => admin, (request) => approvalsLoader(args(request))],
    ["/company-calendar (employee, a month)", () => employee, (request) => companyCalendarLoader(args(request))],
    ["/api/vacations/search (admin, a month)", () => admin, (request) => searchLoader(args(request))],
  ];
  const paths: Record<string, string> = {
    "/my-calendar (employee)": `/my-calendar?year=${YEAR}`,
    "/vacations (admin)": "/vacations",
    "/approvals (admin)": "/approvals",
    "/company-calendar (employee, a month)": `/company-calendar?month=${YEAR}-03`,
    "/api/vacations/search (admin, a month)": `/api/vacations/search?date_from=${YEAR}-03-01&date_to=${YEAR}-03-31&limit=1000`,
  };
  for (const [name, cookie, loader] of pages) {
    it(`${name}: every table through an index led by the company or a key of one company`, async () => {
      const path = paths[name];
      const statements = await statementsOf(async () => {
        const request = getRequest(path, cookie());
        await Promise.all([path.startsWith("/api/") ? null : appLoader(args(request)), loader(request)]);
      });
      expect(statements.length).toBeGreaterThan(3);
      const reads: string[] = [];
      const wrong: string[] = [];
      let vacationReads = 0;
      for (const statement of statements) {
        for (const read of tableReads(await planOf(statement))) {
          const described = `${read.table}: ${read.node} ${read.accesses.map((access) => `${access.index} (${access.cond})`).join(", ")} in ${statement.sql.replace(/"public"\./g, "").slice(0, 240)}`;
          reads.push(described);
          if (read.table === "Vacation") vacationReads++;
          const why = notCompanyLed(read);
          if (why) wrong.push(`${why}: ${described}`);
        }
      }
      expect(wrong, `every read of the page:\n${reads.join("\n")}`).toEqual([]);
      // Each page reads absences.
      expect(vacationReads, reads.join("\n")).toBeGreaterThan(0);
    });
  }
});
