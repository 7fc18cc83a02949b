// @module-tag time-zones (rerun under far time zones: npm run test:time-zones)
// The reports screen, its CSVs and /api/reports/vacations (issue 12, docs/decisions/0024): an
// admin reads the year (team filter, sorting, the pictures' numbers) and the vacations of a range,
// and exports both in pt, en and es; an employee is refused everything; another company's ids
// show nothing of theirs; a signed-out export gets the spec's 401 text.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { todayIn, yearOf } from "~/lib/dates";
import { allowanceReport, yearReport } from "~/models/report.server";
import { loader as reportsPage } from "~/routes/_app.reports/route";
import { loader as reportApi } from "~/api/reports.vacations";
import { loader as vacationsCsv } from "~/routes/reports.absences[.]csv";
import { loader as allowancesCsv } from "~/routes/reports.allowances[.]csv";
import { action as loginAction } from "~/routes/login";
import { getDb } from "~/utils/db.server";
import { resetRateLimits } from "~/utils/rate-limit.server";
import { createCompany, createTeam, createUser, TEST_PASSWORD, viewerFor } from "../support/factories";
import { args, cookiesFrom, getRequest, postForm, run } from "../support/http";

type Page = Awaited<ReturnType<typeof reportsPage>>;
const ids: Record<string, string> = {};
const cookies: Record<string, string> = {};
const YEAR = yearOf(todayIn("Europe/Lisbon"));

async function signIn(email: string) {
  const response = (await loginAction(args(postForm("/login", { email, password: TEST_PASSWORD })))) as Response;
  expect(response.status).toBe(302);
  return cookiesFrom(response);
}

async function yearTab(query: string, cookie = cookies.admin) {
  const page = (await reportsPage(args(getRequest(`/reports${query}`, cookie)))) as Page;
  if (page.tab !== "year") throw new Error("not the year tab");
  return page.year;
}

async function vacationsTab(query: string, cookie = cookies.admin) {
  const page = (await reportsPage(args(getRequest(`/reports?tab=absences${query}`, cookie)))) as Page;
  if (page.tab !== "absences") throw new Error("not the absences tab");
  return page.vacations;
}

const lines = async (response: Response) => {
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return new TextDecoder().decode(bytes).trim().split("\r\n");
};
const csvRequest = (path: string, language: string, cookie = cookies.admin) => getRequest(path, cookie, { "Accept-Language": language });

beforeAll(async () => {
  await resetRateLimits();
  const acme = await createCompany("Acme");
  const globex = await createCompany("Globex");
  const eng = await createTeam(acme.id, "Engineering");
  const ops = await createTeam(acme.id, "Operations");
  const gTeam = await createTeam(globex.id, "Globex team");
  const admin = await createUser(acme.id, { role: "admin", email: "admin@reports.test", fullName: "Adam Admin", teamId: ops.id });
  const ana = await createUser(acme.id, { email: "ana@reports.test", fullName: "Ana Alves", teamId: eng.id });
  const rui = await createUser(acme.id, { email: "rui@reports.test", fullName: "Rui Reis", teamId: eng.id });
  const loner = await createUser(acme.id, { email: "loner@reports.test", fullName: "Zé Sozinho" });
  const gus = await createUser(globex.id, { role: "owner", email: "gus@reports.test", fullName: "Gus Globex", teamId: gTeam.id });
  const db = getDb();
  await db.allowance.createMany({
    data: [
      { companyId: acme.id, userId: admin.id, year: YEAR, yearly: 22 },
      { companyId: acme.id, userId: ana.id, year: YEAR, yearly: 22, residual: 2.5, specialLeave: 1 },
      { companyId: acme.id, userId: rui.id, year: YEAR, yearly: 25 },
      { companyId: acme.id, userId: loner.id, year: YEAR, yearly: 10 },
      { companyId: globex.id, userId: gus.id, year: YEAR, yearly: 30 },
    ],
  });
  // Ana: 2 days in March approved (Mon–Tue), a half day in May pending; Rui: a week in August
  // approved, a rejected day; the loner: a sick day (no balance) approved; Gus (Globex) a week.
  const at = (month: number, day: number) => `${YEAR}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
  const monday = (month: number) => {
    for (let day = 1; ; day++) if (new Date(`${at(month, day)}T00:00:00Z`).getUTCDay() === 1) return day;
  };
  const march = monday(3);
  const may = monday(5);
  const august = monday(8);
  const june = monday(6);
  await db.vacation.createMany({
    data: [
      { companyId: acme.id, userId: ana.id, startDate: at(3, march), endDate: at(3, march + 1), status: "approved", description: "=cmd|' /C calc'!A0" },
      { companyId: acme.id, userId: ana.id, startDate: at(5, may), endDate: at(5, may), status: "pending", halfDayEnd: true },
      { companyId: acme.id, userId: rui.id, startDate: at(8, august), endDate: at(8, august + 4), status: "approved", description: "Férias; praia" },
      { companyId: acme.id, userId: rui.id, startDate: at(6, june), endDate: at(6, june), status: "rejected" },
      { companyId: acme.id, userId: loner.id, startDate: at(3, march), endDate: at(3, march), status: "approved", categoryId: "sick_leave" },
      { companyId: globex.id, userId: gus.id, startDate: at(3, march), endDate: at(3, march + 4), status: "approved" },
    ],
  });
  Object.assign(ids, { acme: acme.id, globex: globex.id, eng: eng.id, ops: ops.id, gTeam: gTeam.id, admin: admin.id, ana: ana.id, rui: rui.id, loner: loner.id });
  cookies.admin = await signIn("admin@reports.test");
  cookies.ana = await signIn("ana@reports.test");
});
beforeEach(() => resetRateLimits());

describe("the year", () => {
  it("lists everyone of the company with their allowances, used and remaining (halves kept), and the totals", async () => {
    const year = await yearTab("");
    expect(year.year).toBe(YEAR);
    expect(year.count).toBe(4);
    expect(year.rows.map((r) => r.name)).toEqual(["Adam Admin", "Ana Alves", "Rui Reis", "Zé Sozinho"]);
    const ana = year.rows.find((r) => r.id === ids.ana)!;
    expect(ana.team).toBe("Engineering");
    expect(ana.yearly).toMatchObject({ total: 22, used: 2, pending: 0.5, remaining: 19.5 });
    expect(ana.residual).toMatchObject({ total: 2.5, remaining: 2.5 });
    expect(ana.special).toMatchObject({ total: 1, remaining: 1 });
    expect(year.totals.yearly).toMatchObject({ total: 79, used: 7, pending: 0.5 });
    // Nothing of Globex.
    expect(year.rows.some((r) => r.email === "gus@reports.test")).toBe(false);
  });

  it("filters by team (or by no team) and sorts by any column, either way", async () => {
    expect((await yearTab(`?team=${ids.eng}`)).rows.map((r) => r.name)).toEqual(["Ana Alves", "Rui Reis"]);
    expect((await yearTab("?team=none")).rows.map((r) => r.name)).toEqual(["Zé Sozinho"]);
    const byRemaining = await yearTab("?sort=yearlyRemaining");
    expect(byRemaining.direction).toBe("desc");
    expect(byRemaining.rows.map((r) => r.yearly.remaining)).toEqual([22, 20, 19.5, 10]);
    expect((await yearTab("?sort=yearlyRemaining&dir=asc")).rows.map((r) => r.yearly.remaining)).toEqual([10, 19.5, 20, 22]);
    // People without a team sort last, whichever way.
    expect((await yearTab("?sort=team&dir=desc")).rows.map((r) => r.team)).toEqual(["Operations", "Engineering", "Engineering", null]);
    expect((await yearTab("?sort=nonsense")).sort).toBe("name");
  });

  it("does not apply another company's team, and says so by the field", async () => {
    const foreign = await yearTab(`?team=${ids.gTeam}`);
    expect(foreign.teamError).toBe("query.teamInvalid");
    expect(foreign.team).toBe("");
    expect(foreign.count).toBe(4);
    expect(foreign.rows.some((r) => r.email === "gus@reports.test")).toBe(false);
  });

  it("gives the pictures their numbers: approved working days by month and team, and the most days left", async () => {
    const { charts } = await yearTab("");
    expect(charts!.daysOff.total).toBe(8);
    const eng = charts!.series.find((s) => s.key === ids.eng)!;
    expect(eng.label).toBe("Engineering");
    expect(eng.months[2]).toBe(2);
    expect(eng.months[7]).toBe(5);
    expect(charts!.series.find((s) => s.key === "none")).toMatchObject({ label: "Sem equipa", total: 1 });
    expect(charts!.monthLabels).toHaveLength(12);
    expect(charts!.daysLeft.map((p) => [p.name, p.total])).toEqual([
      ["Ana Alves", 23],
      ["Adam Admin", 22],
      ["Rui Reis", 20],
      ["Zé Sozinho", 10],
    ]);
  });

  it("builds the same year, totals and pictures read a person at a time as in one read (decision 0102)", async () => {
    const admin = await viewerFor({ id: ids.admin });
    for (const [teamId, sort, direction] of [
      [undefined, "name", "asc"],
      [undefined, "yearlyRemaining", "desc"],
      [ids.eng, "residualTotal", "asc"],
      ["none", "team", "desc"],
    ] as const) {
      const query = { year: YEAR, teamId, sort, direction };
      const once = await yearReport(admin, query);
      expect(await yearReport(admin, query, { peoplePerRead: 1 })).toEqual(once);
      expect(await yearReport(admin, query, { peoplePerRead: 3 })).toEqual(once);
    }
    const everyone = await yearReport(admin, { year: YEAR, sort: "name", direction: "asc" }, { peoplePerRead: 1 });
    expect(everyone.totals.yearly).toMatchObject({ total: 79, used: 7, pending: 0.5 });
    expect(everyone.daysOff.total).toBe(8);
    expect(await allowanceReport(admin, YEAR, { peoplePerRead: 1 })).toEqual(await allowanceReport(admin, YEAR));
  });

  it("refuses a year before 2000, after next year or not a year, with the message by the field and no data", async () => {
    for (const year of ["1999", String(YEAR + 2), "20x6", "12345"]) {
      const page = await yearTab(`?year=${year}`);
      expect(page.yearError, year).toBe("reports.year.outOfRange");
      expect(page.yearInput).toBe(year);
      expect(page.rows).toEqual([]);
      expect(page.charts).toBeNull();
    }
    expect((await yearTab(`?year=${YEAR + 1}`)).yearError).toBeNull();
    expect((await yearTab("?year=2000")).yearError).toBeNull();
  });

  it("refuses an employee the screen, both CSVs and the API", async () => {
    const page = (await run(() => reportsPage(args(getRequest("/reports", cookies.ana))))) as Response;
    expect(page.status).toBe(403);
    expect((await reportsPage(args(getRequest("/reports?tab=absences", cookies.admin)))).tab).toBe("absences");
    expect(((await run(() => reportsPage(args(getRequest("/reports?tab=absences", cookies.ana))))) as Response).status).toBe(403);
    for (const csv of [allowancesCsv, vacationsCsv]) {
      const response = await csv(args(csvRequest("/reports/allowances.csv", "pt", cookies.ana)));
      expect(response.status).toBe(403);
      expect(response.headers.get("Content-Type")).toContain("text/html");
    }
    expect((await reportApi(args(csvRequest(`/api/reports/vacations?year=${YEAR}`, "en", cookies.ana)))).status).toBe(403);
  });
});

describe("the year's CSV in each language", () => {
  it.each([
    ["pt", ";", "19,5", `saldos-${YEAR}.csv`, "Nome;Email;Função;Equipa;Férias anuais: atribuídos;Férias anuais: gozados;Férias anuais: pendentes;Férias anuais: restantes"],
    ["en", ",", "19.5", `allowances-${YEAR}.csv`, "Name,E-mail,Role,Team,Yearly allowance: allowance,Yearly allowance: used,Yearly allowance: pending,Yearly allowance: remaining"],
    ["es", ";", "19,5", `saldos-${YEAR}.csv`, "Nombre;Correo;Rol;Equipo;Vacaciones anuales: asignados;Vacaciones anuales: disfrutados;Vacaciones anuales: pendientes;Vacaciones anuales: restantes"],
  ])("%s: separator %s, halves as %s, named %s", async (language, separator, half, file, headerStart) => {
    const response = await allowancesCsv(args(csvRequest(`/reports/allowances.csv?year=${YEAR}&team=${ids.eng}&sort=yearlyRemaining`, language)));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="${file}"`);
    const [header, ...rows] = await lines(response);
    expect(header.startsWith(headerStart)).toBe(true);
    // Three allowances × four figures, then the yearly days beyond a prorated allowance (decision 0080).
    expect(header.split(separator)).toHaveLength(17);
    expect(rows[1].split(separator)[16]).toBe("0");
    // The team filter and the order of the screen: Rui (20 left) before Ana (19.5).
    expect(rows.map((row) => row.split(separator)[0])).toEqual(["Rui Reis", "Ana Alves"]);
    const halfDay = separator === ";" ? "0,5" : "0.5";
    expect(rows[1].split(separator).slice(4, 8)).toEqual(["22", "2", halfDay, half]);
    expect(rows[1].split(separator)[8]).toBe(separator === ";" ? "2,5" : "2.5");
  });

  it("answers a year out of bounds with the export's page, and a signed-out export with the spec's 401 text", async () => {
    const bad = await allowancesCsv(args(csvRequest("/reports/allowances.csv?year=1999", "pt")));
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain(`Indique um ano entre 2000 e ${YEAR + 1}.`);
    const signedOut = await allowancesCsv(args(getRequest(`/reports/allowances.csv?year=${YEAR}`, undefined, { "Accept-Language": "pt" })));
    expect(signedOut.status).toBe(401);
    const html = await signedOut.text();
    expect(html).toContain("Não autenticado (401). Faz login novamente.");
    expect(html).toContain(`/login?redirectTo=%2Freports%3Fyear%3D${YEAR}`);
  });
});

describe("the vacations of a date range", () => {
  it("shows this year unless dates are chosen, with team, category, status and working days", async () => {
    const tab = await vacationsTab("");
    expect(tab.filters).toMatchObject({ from: `${YEAR}-01-01`, to: `${YEAR}-12-31` });
    expect(tab.total).toBe(5);
    expect(tab.rows.map((r) => r.person.name)).toEqual(["Ana Alves", "Zé Sozinho", "Ana Alves", "Rui Reis", "Rui Reis"]);
    expect(tab.rows[1]).toMatchObject({ team: null, category: "Baixa médica", status: "approved", workingDays: 1 });
    expect(tab.rows[2]).toMatchObject({ team: "Engineering", status: "pending", workingDays: 0.5 });
    expect(tab.exportQuery).toBe(`from=${YEAR}-01-01&to=${YEAR}-12-31`);
  });

  it("filters by category, status and team; another company's team or a wrong value is left out and named", async () => {
    expect((await vacationsTab("&status=approved")).total).toBe(3);
    expect((await vacationsTab("&type=sick_leave")).rows.map((r) => r.person.name)).toEqual(["Zé Sozinho"]);
    expect((await vacationsTab(`&team=${ids.eng}&status=approved`)).rows.map((r) => r.person.name)).toEqual(["Ana Alves", "Rui Reis"]);
    expect((await vacationsTab("&team=none")).total).toBe(1);
    const foreign = await vacationsTab(`&team=${ids.gTeam}&from=${YEAR}-08-01`);
    expect(foreign.invalid).toEqual({ team: "query.teamInvalid" });
    expect(foreign.rows.every((r) => r.person.email.endsWith("@reports.test") && r.person.name !== "Gus Globex")).toBe(true);
    const wrong = await vacationsTab(`&from=${YEAR}-13-01&to=${YEAR}-02-30&status=maybe&type=nope`);
    expect(wrong.invalid).toMatchObject({ from: "validation.dateInvalid", to: "validation.dateInvalid", status: "query.statusInvalid", type: "query.categoryInvalid" });
    const reversed = await vacationsTab(`&from=${YEAR}-06-01&to=${YEAR}-01-01`);
    expect(reversed.invalid.to).toBe("vacation.startAfterEnd");
  });

  it("exports every vacation under the filters, formula-safe, in the reader's language", async () => {
    const pt = await vacationsCsv(args(csvRequest(`/reports/absences.csv?from=${YEAR}-01-01&to=${YEAR}-12-31`, "pt")));
    expect(pt.status).toBe(200);
    expect(pt.headers.get("Content-Disposition")).toBe(
      `attachment; filename="ausencias-${YEAR}-01-01-a-${YEAR}-12-31.csv"; filename*=UTF-8''aus%C3%AAncias-${YEAR}-01-01-a-${YEAR}-12-31.csv`,
    );
    const [header, ...rows] = await lines(pt);
    expect(header).toBe("Nome;Email;Equipa;Tipo;Estado;Início;Fim;Dias úteis;Descrição");
    expect(rows).toHaveLength(5);
    expect(rows[0]).toMatch(new RegExp(`^Ana Alves;ana@reports\\.test;Engineering;Férias;Aprovado;${YEAR}-03-\\d\\d;${YEAR}-03-\\d\\d;2;'=cmd\\|' /C calc'!A0$`));
    expect(rows[2]).toContain(";0,5;");
    expect(rows.some((row) => row.startsWith("Rui Reis") && row.endsWith(`;"Férias; praia"`))).toBe(true);
    const en = await vacationsCsv(args(csvRequest(`/reports/absences.csv?team=${ids.eng}&status=approved`, "en")));
    const [enHeader, ...enRows] = await lines(en);
    expect(enHeader).toBe("Name,E-mail,Team,Type,Status,Start,End,Working days,Description");
    expect(enRows.map((row) => row.split(",")[0])).toEqual(["Ana Alves", "Rui Reis"]);
  });
});

describe("/api/reports/vacations", () => {
  it("answers every person's row of the year, with the team, and refuses years past next year", async () => {
    const response = await reportApi(args(csvRequest(`/api/reports/vacations?year=${YEAR}`, "en")));
    const rows = (await response.json()) as { user: { email: string }; team: { name: string } | null; yearlyRemaining: number }[];
    expect(rows.map((r) => r.user.email)).toContain("ana@reports.test");
    expect(rows.find((r) => r.user.email === "ana@reports.test")).toMatchObject({ team: { name: "Engineering" }, yearlyRemaining: 19.5 });
    const late = await reportApi(args(csvRequest(`/api/reports/vacations?year=${YEAR + 2}`, "pt")));
    expect(late.status).toBe(400);
    expect(await late.json()).toEqual({ detail: `Indique um ano entre 2000 e ${YEAR + 1}.` });
  });
});
