// The company calendar: who is off in a month, what each viewer may see of it, and what they may
// do with a vacation from there (cancel, notify the team's admins), tried with foreign ids and
// lesser roles.
import { beforeAll, describe, expect, it } from "vitest";
import { CALENDAR_PAGE_SIZE, getCompanyMonth } from "~/models/company-calendar.server";
import { getPersonOverview } from "~/models/person-overview.server";
import { action, loader } from "~/routes/_app.company-calendar";
import { loader as personLoader } from "~/routes/_app.people.$userId";
import { loader as searchApi } from "~/api/vacations.search";
import { loader as vacationApi } from "~/api/vacations.$id";
import { action as loginAction } from "~/routes/login";
import { getDb } from "~/utils/db.server";
import type { Viewer } from "~/utils/permissions.server";
import { createCompany, createTeam, createUser, createVacation, TEST_PASSWORD, viewerFor } from "../support/factories";
import { args, cookiesFrom, getRequest, postForm, run, unwrapData } from "../support/http";

const MONTH = "2027-03";
const TODAY = "2027-03-10";
const query = (viewer: Viewer, extra: Partial<Parameters<typeof getCompanyMonth>[1]> = {}) =>
  getCompanyMonth(viewer, { month: MONTH, teamId: null, search: "", offset: 0, today: TODAY, ...extra });

async function signIn(email: string) {
  const response = (await loginAction(args(postForm("/login", { email, password: TEST_PASSWORD })))) as Response;
  return cookiesFrom(response);
}

let company: { id: string };
let people: Record<"owner" | "redAdmin" | "ana" | "bruno" | "carla" | "azorean" | "left", { id: string; email: string }>;
let red: { id: string };
let blue: { id: string };
let vacations: Record<string, { id: string }>;
let foreign: { vacationId: string; userId: string };

beforeAll(async () => {
  company = await createCompany("Calendar Co");
  const db = getDb();
  const owner = await createUser(company.id, { role: "owner", fullName: "Olga Owner" });
  const redAdmin = await createUser(company.id, { role: "admin", fullName: "Rita Red-Admin" });
  red = await createTeam(company.id, "Red", [redAdmin.id]);
  blue = await createTeam(company.id, "Blue", [owner.id]);
  const ana = await createUser(company.id, { fullName: "Ana Ribeiro", teamId: red.id });
  const bruno = await createUser(company.id, { fullName: "Bruno Azul", teamId: blue.id });
  const carla = await createUser(company.id, { fullName: "Cármen Lopes", teamId: red.id });
  const azorean = await createUser(company.id, { fullName: "Duarte Açores", teamId: blue.id });
  const left = await createUser(company.id, { fullName: "Eduardo Saiu", teamId: blue.id });
  await db.user.update({ where: { id: redAdmin.id }, data: { teamId: red.id } });
  await db.user.update({ where: { id: azorean.id }, data: { countryCode: "PT", region: "20" } });
  // Eduardo left in February: his January vacation stays history, March shows no row for him.
  await db.user.update({ where: { id: left.id }, data: { deactivatedAt: new Date("2027-02-15T00:00:00Z") } });
  await db.holiday.createMany({
    data: [
      { companyId: company.id, date: "2027-03-19", name: "Dia do Pai (empresa)", countryCode: "PT", isRecurring: false },
      { companyId: company.id, date: "2027-03-22", name: "Feriado açoriano", countryCode: "PT", region: "20", isRecurring: false },
    ],
  });
  people = { owner, redAdmin, ana, bruno, carla, azorean, left };
  vacations = {
    anaPending: await db.vacation.create({ data: { companyId: company.id, userId: ana.id, startDate: "2027-03-08", endDate: "2027-03-12", status: "pending", description: "Consulta privada" } }),
    brunoApproved: await db.vacation.create({ data: { companyId: company.id, userId: bruno.id, startDate: "2027-02-25", endDate: "2027-03-03", status: "approved", description: "Casamento" } }),
    carlaRejected: await createVacation(company.id, carla.id, { startDate: "2027-03-15", endDate: "2027-03-16", status: "rejected" }),
    carlaNextWeek: await createVacation(company.id, carla.id, { startDate: "2027-03-24", endDate: "2027-03-25", status: "approved" }),
    leftJanuary: await createVacation(company.id, left.id, { startDate: "2027-01-11", endDate: "2027-01-12", status: "approved" }),
  };
  const other = await createCompany("Other Co");
  const stranger = await createUser(other.id, { fullName: "Ana Estranha" });
  const strangerVacation = await createVacation(other.id, stranger.id, { startDate: "2027-03-08", endDate: "2027-03-09", status: "pending" });
  foreign = { vacationId: strangerVacation.id, userId: stranger.id };
});

describe("getCompanyMonth", () => {
  it("has a row for each active person of the viewer's company only, the viewer first, then their team", async () => {
    const month = await query(await viewerFor(people.ana));
    const names = month.people.map((p) => p.name);
    expect(names[0]).toBe("Ana Ribeiro");
    // Ana's team (Red) next, then everyone else by name.
    expect(names.slice(1, 3)).toEqual(["Cármen Lopes", "Rita Red-Admin"]);
    expect(names).toContain("Bruno Azul");
    expect(names).not.toContain("Ana Estranha");
    expect(names).not.toContain("Eduardo Saiu");
    expect(month.days).toHaveLength(31);
    // The team filter's choices: this company's teams by name ("Red" was made first).
    expect(month.teams).toEqual([
      { id: blue.id, name: "Blue" },
      { id: red.id, name: "Red" },
    ]);
  });

  it("keeps a person who left after the month began", async () => {
    const january = await query(await viewerFor(people.owner), { month: "2027-01" });
    const eduardo = january.people.find((p) => p.name === "Eduardo Saiu");
    expect(eduardo?.bars.map((b) => b.id)).toEqual([vacations.leftJanuary.id]);
  });

  it("shows vacations that hold dates (not rejected ones), including those reaching in from last month", async () => {
    const month = await query(await viewerFor(people.owner));
    const bars = month.people.flatMap((p) => p.bars.map((b) => b.id));
    expect(bars).toEqual(expect.arrayContaining([vacations.anaPending.id, vacations.brunoApproved.id, vacations.carlaNextWeek.id]));
    expect(bars).not.toContain(vacations.carlaRejected.id);
  });

  it("sends the reason only to the person, company admins and the person's team admins", async () => {
    const detailsOfAna = async (viewer: Viewer) => (await query(viewer)).people.find((p) => p.id === people.ana.id)!.bars[0].details;
    expect(await detailsOfAna(await viewerFor(people.ana))).toMatchObject({ description: "Consulta privada" });
    expect(await detailsOfAna(await viewerFor(people.owner))).toMatchObject({ description: "Consulta privada" });
    expect(await detailsOfAna(await viewerFor(people.redAdmin))).toMatchObject({ description: "Consulta privada" });
    // A colleague of the same team, and one of another team: "Absent", nothing else.
    expect(await detailsOfAna(await viewerFor(people.carla))).toBeNull();
    expect(await detailsOfAna(await viewerFor(people.bruno))).toBeNull();
    const summary = (await query(await viewerFor(people.bruno))).summary.today;
    expect(JSON.stringify(summary)).not.toContain("Consulta privada");
  });

  it("offers cancel and notify only where the rules allow", async () => {
    const barOfAna = async (viewer: Viewer) => (await query(viewer)).people.find((p) => p.id === people.ana.id)!.bars[0];
    expect(await barOfAna(await viewerFor(people.ana))).toMatchObject({ canCancel: true, canNotify: true });
    expect(await barOfAna(await viewerFor(people.redAdmin))).toMatchObject({ canCancel: true, canNotify: true });
    expect(await barOfAna(await viewerFor(people.carla))).toMatchObject({ canCancel: false, canNotify: false });
    expect(await barOfAna(await viewerFor(people.bruno))).toMatchObject({ canCancel: false, canNotify: false });
  });

  it("marks each person's holidays by their work country and region", async () => {
    const month = await query(await viewerFor(people.owner));
    const azorean = month.people.find((p) => p.id === people.azorean.id)!;
    const ana = month.people.find((p) => p.id === people.ana.id)!;
    expect(azorean.holidays).toEqual({ "2027-03-19": "Dia do Pai (empresa)", "2027-03-22": "Feriado açoriano" });
    expect(ana.holidays).toEqual({ "2027-03-19": "Dia do Pai (empresa)" });
    expect(month.companyHolidays).toEqual({ "2027-03-19": "Dia do Pai (empresa)" });
  });

  it("filters by team and by a name typed without accents; an unknown team shows everyone", async () => {
    const owner = await viewerFor(people.owner);
    const redOnly = await query(owner, { teamId: red.id });
    expect(redOnly.people.map((p) => p.name).sort()).toEqual(["Ana Ribeiro", "Cármen Lopes", "Rita Red-Admin"]);
    const search = await query(owner, { search: "carmen" });
    expect(search.people.map((p) => p.name)).toEqual(["Cármen Lopes"]);
    const unknown = await query(owner, { teamId: "not-a-team" });
    expect(unknown.teamId).toBeNull();
    expect(unknown.people.length).toBe(redOnly.people.length + 3);
  });

  it("says who is off today and this week (Monday to Sunday)", async () => {
    const month = await query(await viewerFor(people.owner), { today: "2027-03-02" });
    expect(month.summary.today.map((e) => e.name)).toEqual(["Bruno Azul"]);
    expect(month.summary.week.start).toBe("2027-03-01");
    expect(month.summary.week.end).toBe("2027-03-07");
    expect(month.summary.week.vacations.map((e) => e.id)).toEqual([vacations.brunoApproved.id]);
  });
});

describe("/company-calendar actions", () => {
  it("refuses to cancel another company's vacation (404) or a colleague's (403), and changes nothing", async () => {
    const cookie = await signIn(people.carla.email);
    const post = (id: string) => run(() => action(args(postForm(`/company-calendar?month=${MONTH}`, { intent: "cancel", id, confirmed: "1" }, cookie))));
    expect(unwrapData(await post(foreign.vacationId)).status).toBe(404);
    expect(unwrapData(await post(vacations.anaPending.id)).status).toBe(403);
    const rows = await getDb().vacation.findMany({ where: { id: { in: [foreign.vacationId, vacations.anaPending.id] } }, select: { status: true } });
    expect(rows.map((r) => r.status)).toEqual(["pending", "pending"]);
  });

  it("asks before cancelling, cancels, then asks whether to tell the team's admins, who are told once", async () => {
    const vacation = await createVacation(company.id, people.ana.id, { startDate: "2027-04-05", endDate: "2027-04-06", status: "pending" });
    const cookie = await signIn(people.ana.email);
    const post = (fields: Record<string, string>) => run(() => action(args(postForm(`/company-calendar?month=2027-04`, fields, cookie))));

    const asked = unwrapData<{ confirm?: { fields: Record<string, string> } }>(await post({ intent: "cancel", id: vacation.id }));
    expect(asked.value.confirm?.fields).toMatchObject({ intent: "cancel", id: vacation.id });
    expect((await getDb().vacation.findUniqueOrThrow({ where: { id: vacation.id } })).status).toBe("pending");

    const cancelled = unwrapData<{ followUp?: { intent: string; id: string } }>(await post({ intent: "cancel", id: vacation.id, confirmed: "1" }));
    expect(cancelled.status).toBe(200);
    expect(cancelled.value.followUp).toEqual({ intent: "notify-cancelled", id: vacation.id });
    expect((await getDb().vacation.findUniqueOrThrow({ where: { id: vacation.id } })).status).toBe("cancelled");

    const before = await getDb().emailOutbox.count({ where: { to: people.redAdmin.email } });
    expect(unwrapData(await post({ intent: "notify-cancelled", id: vacation.id })).status).toBe(200);
    const mails = await getDb().emailOutbox.findMany({ where: { to: people.redAdmin.email }, orderBy: { createdAt: "desc" } });
    expect(mails.length).toBe(before + 1);
    expect(mails[0].subject).toMatch(/Ausência cancelada: Ana Ribeiro/);
    // A second "yes" would only repeat the news.
    expect(unwrapData(await post({ intent: "notify-cancelled", id: vacation.id })).status).toBe(409);
  });

  it("does not tell anyone of a cancellation that did not happen, nor let a colleague do it", async () => {
    const anaCookie = await signIn(people.ana.email);
    const notCancelled = await run(() => action(args(postForm(`/company-calendar`, { intent: "notify-cancelled", id: vacations.anaPending.id }, anaCookie))));
    expect(unwrapData(notCancelled).status).toBe(409);
    const vacation = await createVacation(company.id, people.ana.id, { startDate: "2027-05-03", endDate: "2027-05-04", status: "cancelled" });
    const brunoCookie = await signIn(people.bruno.email);
    const byColleague = await run(() => action(args(postForm(`/company-calendar`, { intent: "notify-cancelled", id: vacation.id }, brunoCookie))));
    expect(unwrapData(byColleague).status).toBe(403);
    const foreignOne = await run(() => action(args(postForm(`/company-calendar`, { intent: "notify", id: foreign.vacationId }, anaCookie))));
    expect(unwrapData(foreignOne).status).toBe(404);
  });

  it("loads the request drawer's data only when it is open", async () => {
    const cookie = await signIn(people.ana.email);
    const closed = (await loader(args(getRequest(`/company-calendar?month=${MONTH}`, cookie)))) as { form: unknown };
    expect(closed.form).toBeNull();
    const open = (await loader(args(getRequest(`/company-calendar?month=${MONTH}&new=1&start=2027-03-18&end=2027-03-16`, cookie)))) as {
      form: { categories: unknown[] } | null;
      prefill: unknown;
    };
    expect(open.form?.categories.length).toBeGreaterThan(0);
    expect(open.prefill).toEqual({ startDate: "2027-03-16", endDate: "2027-03-18" });
  });
});

describe("a person's page (/people/:id)", () => {
  it("shows balances to the person and admins, not to colleagues; another company's person is a 404", async () => {
    expect((await getPersonOverview(await viewerFor(people.ana), people.ana.id, 2027)).balances).not.toBeNull();
    expect((await getPersonOverview(await viewerFor(people.redAdmin), people.ana.id, 2027)).balances).not.toBeNull();
    const byColleague = await getPersonOverview(await viewerFor(people.bruno), people.ana.id, 2027);
    expect(byColleague.balances).toBeNull();
    expect(byColleague.canExplainBalances).toBe(false);
    const cookie = await signIn(people.ana.email);
    const response = await run(() => personLoader(args(getRequest(`/people/${foreign.userId}`, cookie), { userId: foreign.userId })));
    expect(response instanceof Response ? response.status : unwrapData(response).status).toBe(404);
  });

  it("shows the vacations that hold dates, not requests that did not go ahead", async () => {
    for (const viewer of [people.bruno, people.owner]) {
      const ofCarla = await getPersonOverview(await viewerFor(viewer), people.carla.id, 2027);
      expect(ofCarla.vacations.map((v) => v.id)).toEqual([vacations.carlaNextWeek.id]);
    }
  });
});

describe("the API keeps the same privacy", () => {
  it("gives a colleague the dates and status of another's vacation, not its reason", async () => {
    const asBruno = await signIn(people.bruno.email);
    const search = (await searchApi(args(getRequest(`/api/vacations/search?date_from=2027-03-01&date_to=2027-03-31`, asBruno)))) as Response;
    const rows = (await search.json()) as { id: string; description: string; absence_category_id: string | null; reason_hidden?: boolean }[];
    const anas = rows.find((row) => row.id === vacations.anaPending.id)!;
    expect(anas).toMatchObject({ description: "", absence_category_id: null, reason_hidden: true, status: "pending", start_date: "2027-03-08" });
    expect(JSON.stringify(rows)).not.toContain("Consulta privada");
    const one = (await vacationApi(args(getRequest(`/api/vacations/${vacations.anaPending.id}`, asBruno), { id: vacations.anaPending.id }))) as Response;
    expect(await one.json()).toMatchObject({ description: "", reason_hidden: true });

    const asAdmin = await signIn(people.redAdmin.email);
    const adminSearch = (await searchApi(args(getRequest(`/api/vacations/search?date_from=2027-03-01&date_to=2027-03-31`, asAdmin)))) as Response;
    expect(JSON.stringify(await adminSearch.json())).toContain("Consulta privada");
  });
});

// Searches for vacations overlapping a period read start dates from MAX_VACATION_DAYS before it
// (an index range, decision 0040): the longest vacation a person may request must still be found.
describe("a vacation as long as one may be", () => {
  it("shows in the month, the week and the search it reaches by its last day only, and not a day later", async () => {
    const longCo = await createCompany("Long Co");
    const owner = await createUser(longCo.id, { role: "owner", fullName: "Lia Longa" });
    // 2026-03-01 … 2027-03-01 is 366 calendar days, the most one request may cover.
    const longest = await createVacation(longCo.id, owner.id, { startDate: "2026-03-01", endDate: "2027-03-01", status: "approved" });
    const endedBefore = await createVacation(longCo.id, owner.id, { startDate: "2026-02-27", endDate: "2027-02-26", status: "approved" });
    const viewer = await viewerFor(owner);

    const march = await getCompanyMonth(viewer, { month: "2027-03", teamId: null, search: "", offset: 0, today: "2027-03-01" });
    const bars = march.people.flatMap((p) => p.bars.map((b) => b.id));
    expect(bars).toContain(longest.id);
    expect(bars).not.toContain(endedBefore.id);
    // Viewing May on 1 March: only "who is off today" reaches it.
    const may = await getCompanyMonth(viewer, { month: "2027-05", teamId: null, search: "", offset: 0, today: "2027-03-01" });
    expect(may.people.flatMap((p) => p.bars)).toEqual([]);
    expect(may.summary.today.map((entry) => entry.id)).toEqual([longest.id]);

    const cookie = await signIn(owner.email);
    const search = (await searchApi(args(getRequest(`/api/vacations/search?date_from=2027-03-01&date_to=2027-03-31`, cookie)))) as Response;
    const ids = ((await search.json()) as { id: string }[]).map((row) => row.id);
    expect(ids).toEqual([longest.id]);
  });
});

// CALENDAR_PAGE_SIZE people a page (decision 0068): the viewer first on page one, everyone once,
// and "who is off" counted over the whole company, not the page.
describe("a company larger than a page", () => {
  it("pages its people, the viewer first, each person once, and counts who is off over everyone", async () => {
    const bigCo = await createCompany("Big Co");
    const owner = await createUser(bigCo.id, { role: "owner", fullName: "Zé Último" });
    const count = CALENDAR_PAGE_SIZE + 3;
    await getDb().user.createMany({
      data: Array.from({ length: count - 1 }, (_, i) => ({ companyId: bigCo.id, email: `p${i}@big.test`, fullName: `Pessoa ${String(i).padStart(3, "0")}`, role: "user" })),
    });
    const last = await getDb().user.findFirstOrThrow({ where: { companyId: bigCo.id, email: `p${count - 2}@big.test` } });
    const off = await createVacation(bigCo.id, last.id, { startDate: TODAY, endDate: TODAY, status: "approved" });
    const viewer = await viewerFor(owner);

    const first = await query(viewer, {});
    const second = await query(viewer, { offset: CALENDAR_PAGE_SIZE });
    expect(first.total).toBe(count);
    expect(first.people).toHaveLength(CALENDAR_PAGE_SIZE);
    expect(first.people[0].id).toBe(owner.id);
    expect(second.people.map((p) => p.id)).toContain(last.id);
    expect(new Set([...first.people, ...second.people].map((p) => p.id)).size).toBe(count);
    expect(first.summary.today.map((entry) => entry.id)).toEqual([off.id]);
  });
});

// Decision 0102: without ?team, a company of more people than a page opens on the viewer's own
// team; ?team=all is everyone, chosen; a viewer without a team, or a small company, sees everyone.
describe("the team the month opens on", () => {
  type Loaded = { teamId: string | null; teamChoice: string; total: number; people: unknown };
  const load = async (path: string, cookie: string) => (await loader(args(getRequest(path, cookie)))) as Loaded;

  it("is the viewer's team in a company larger than a page, everyone with team=all or without a team, and everyone in a small company", async () => {
    const wideCo = await createCompany("Wide Co");
    const north = await createTeam(wideCo.id, "North", []);
    const south = await createTeam(wideCo.id, "South", []);
    const nora = await createUser(wideCo.id, { fullName: "Nora North", teamId: north.id });
    const loner = await createUser(wideCo.id, { fullName: "Lino Sem-Equipa" });
    // Three more in North, the rest of a page and two more in South: CALENDAR_PAGE_SIZE + 4 in all.
    await getDb().user.createMany({
      data: Array.from({ length: CALENDAR_PAGE_SIZE + 2 }, (_, i) => ({
        companyId: wideCo.id,
        email: `w${i}@wide.test`,
        fullName: `Pessoa ${String(i).padStart(3, "0")}`,
        role: "user",
        teamId: i < 3 ? north.id : south.id,
      })),
    });
    const everyone = CALENDAR_PAGE_SIZE + 4;

    const noraCookie = await signIn((await getDb().user.findUniqueOrThrow({ where: { id: nora.id } })).email);
    const opened = await load(`/company-calendar?month=${MONTH}`, noraCookie);
    expect(opened).toMatchObject({ teamId: north.id, teamChoice: north.id, total: 4 });
    const all = await load(`/company-calendar?month=${MONTH}&team=all`, noraCookie);
    expect(all).toMatchObject({ teamId: null, teamChoice: "all", total: everyone });
    const chosen = await load(`/company-calendar?month=${MONTH}&team=${south.id}`, noraCookie);
    expect(chosen).toMatchObject({ teamId: south.id, total: everyone - 5 });

    const lonerCookie = await signIn((await getDb().user.findUniqueOrThrow({ where: { id: loner.id } })).email);
    const teamless = await load(`/company-calendar?month=${MONTH}`, lonerCookie);
    expect(teamless).toMatchObject({ teamId: null, teamChoice: "all", total: everyone });
    expect(teamless.people).toHaveLength(CALENDAR_PAGE_SIZE);

    // Calendar Co has 7 people, Ana is in Red: everyone all the same.
    const small = await load(`/company-calendar?month=${MONTH}`, await signIn(people.ana.email));
    expect(small).toMatchObject({ teamId: null, teamChoice: "all" });
    expect(small.total).toBeGreaterThan(3);
  });
});
