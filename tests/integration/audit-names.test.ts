// @module-tag time-zones (rerun under far time zones: npm run test:time-zones)
// The audit screen names what an entry is about and the ids its details hold (issue 39): people,
// teams, absences, absence types, holidays, API tokens, in the reader's language; a thing since
// deleted by what the entry kept, else "deleted …"; never another company's names. The names of a
// page cost the same number of queries for 2 entries as for 20. The CSV keeps the ids.
import { beforeAll, describe, expect, it } from "vitest";
import { loader as auditPage } from "~/routes/_app.audit";
import { loader as exportCsv } from "~/routes/audit.export[.]csv";
import { action as loginAction } from "~/routes/login";
import { createDb, getDb, setDb } from "~/utils/db.server";
import { createCompany, createTeam, createUser, createVacation, TEST_PASSWORD } from "../support/factories";
import { args, cookiesFrom, getRequest, postForm } from "../support/http";

type Page = Awaited<ReturnType<typeof auditPage>>;
let queries = 0;
let cookie = "";
const ids: Record<string, string> = {};

async function entry(companyId: string, actorId: string | null, action: string, entityId: string | null, details: Record<string, unknown>, at: string) {
  const [entity] = action.split(".");
  await getDb().auditEntry.create({ data: { companyId, actorId, action, entity, entityId, details: JSON.stringify(details), createdAt: new Date(at) } });
}

const page = async (query: string, language = "en") => (await auditPage(args(getRequest(`/audit${query}`, cookie, { "Accept-Language": language })))) as Page;
/** Dates are written with no-break spaces. */
const spaced = (text: string | null) => text?.replace(/\s/g, " ");

beforeAll(async () => {
  // A client that counts every SQL statement.
  const db = createDb(process.env.DATABASE_URL!, { logQueries: true });
  (db as unknown as { $on(event: "query", listener: () => void): void }).$on("query", () => queries++);
  setDb(db);
  const acme = await createCompany("Acme");
  const globex = await createCompany("Globex");
  const owner = await createUser(acme.id, { role: "owner", email: "owner@names.test", fullName: "Olga Owner" });
  const eve = await createUser(acme.id, { email: "eve@names.test", fullName: "Eve Employee" });
  const team = await createTeam(acme.id, "Engineering");
  const foreign = await createTeam(globex.id, "Globex secret team");
  const vacation = await createVacation(acme.id, eve.id, { startDate: "2026-08-03", endDate: "2026-08-07" });
  const holiday = await getDb().holiday.create({ data: { companyId: acme.id, date: "2026-06-13", name: "Santo António", countryCode: "PT", isRecurring: true } });
  Object.assign(ids, { acme: acme.id, owner: owner.id, eve: eve.id, team: team.id, foreign: foreign.id, vacation: vacation.id, holiday: holiday.id });

  await entry(acme.id, owner.id, "team.renamed", team.id, { name: { old: "Eng", new: "Engineering" } }, "2026-03-01T10:00:00Z");
  await entry(acme.id, owner.id, "team.deleted", "gone-team", { name: { old: "Marketing", new: null }, substitute_approver_id: { old: eve.id, new: null } }, "2026-03-02T10:00:00Z");
  await entry(acme.id, owner.id, "vacation.approved", vacation.id, { status: { old: "pending", new: "approved" } }, "2026-03-03T10:00:00Z");
  await entry(acme.id, eve.id, "vacation.created", "gone-absence", { start_date: "2026-09-01", end_date: "2026-09-02", category: "yearly_allowance" }, "2026-03-04T10:00:00Z");
  await entry(acme.id, owner.id, "user.team_changed", eve.id, { team_id: { old: foreign.id, new: team.id } }, "2026-03-05T10:00:00Z");
  await entry(acme.id, owner.id, "holiday.created", holiday.id, { name: { old: null, new: "Santo António" } }, "2026-03-06T10:00:00Z");
  await entry(acme.id, "erased-person", "user.deactivated", "erased-person-2", { email: "gone@names.test" }, "2026-03-07T10:00:00Z");
  await entry(acme.id, owner.id, "absence_type.updated", "sick_leave", { name: { old: "Sick", new: "Sick leave" } }, "2026-03-08T10:00:00Z");
  await entry(acme.id, owner.id, "team.admins_changed", "gone-team-2", { admins: { old: [], new: [eve.id] } }, "2026-03-09T10:00:00Z");
  await entry(acme.id, owner.id, "closure.booked", "a-closure", { name: "Christmas", start_date: "2026-12-24", end_date: "2027-01-01" }, "2026-03-10T10:00:00Z");
  await entry(acme.id, owner.id, "webhook.updated", "an-endpoint", { endpoint_url: "https://hooks.acme.test/a", enabled: { old: true, new: false } }, "2026-03-11T10:00:00Z");
  await entry(acme.id, owner.id, "webhook.deleted", "an-endpoint", { url: "https://hooks.acme.test/a" }, "2026-03-12T10:00:00Z");

  const login = (await loginAction(args(postForm("/login", { email: "owner@names.test", password: TEST_PASSWORD })))) as Response;
  cookie = cookiesFrom(login);
});

describe("the audit's names", () => {
  it("names what each entry is about, not its id or code", async () => {
    const { entries } = await page("?action=team.*");
    const about = Object.fromEntries(entries.map((e) => [e.action, e.about]));
    expect(about).toMatchObject({ "team.renamed": "Engineering", "team.deleted": "Marketing", "team.admins_changed": "Deleted team" });
    const all = await page("");
    const by = (action: string) => all.entries.find((e) => e.action === action)!;
    expect(spaced(by("vacation.approved").about)).toBe("Eve Employee, 3 – 7 Aug 2026");
    expect(spaced(by("vacation.created").about)).toBe("1 – 2 Sept 2026");
    expect(by("holiday.created").about).toBe("Santo António");
    expect(by("absence_type.updated").about).toBe("Sick leave");
    expect(by("user.team_changed").about).toBe("Eve Employee");
    expect(by("user.deactivated")).toMatchObject({ about: "gone@names.test", actor: null, actorGone: true });
    expect(by("closure.booked").about).toBe("Christmas");
    expect(by("webhook.updated").about).toBe("https://hooks.acme.test/a");
    expect(by("webhook.deleted").about).toBe("https://hooks.acme.test/a");
  });

  it("names the ids the details hold, and never another company's", async () => {
    const all = await page("");
    const by = (action: string) => all.entries.find((e) => e.action === action)!;
    expect(by("team.deleted").detailNames).toEqual({ [ids.eve]: "Eve Employee" });
    expect(by("team.admins_changed").detailNames).toEqual({ [ids.eve]: "Eve Employee" });
    expect(by("vacation.created").detailNames).toEqual({ yearly_allowance: "Vacation" });
    // Globex's team is not Acme's to name.
    expect(by("user.team_changed").detailNames).toEqual({ [ids.foreign]: "Deleted team", [ids.team]: "Engineering" });
    expect(JSON.stringify(all)).not.toContain("Globex secret team");
  });

  it("says them in the reader's language", async () => {
    const pt = await page("", "pt");
    const by = (action: string) => pt.entries.find((e) => e.action === action)!;
    expect(by("team.admins_changed").about).toBe("Equipa eliminada");
    expect(by("vacation.created").detailNames).toEqual({ yearly_allowance: "Férias" });
    expect(spaced(by("vacation.approved").about)).toBe("Eve Employee, 3 – 7 de ago. de 2026");
  });

  it("reads the names of a page in as many queries for 19 entries as for 2", async () => {
    const renamed = async (i: number) => {
      const team = await createTeam(ids.acme, `Team ${i}`);
      const person = await createUser(ids.acme, { fullName: `Person ${i}` });
      await entry(ids.acme, person.id, "team.renamed", team.id, { name: { old: null, new: `Team ${i}` }, substitute_approver_id: { old: null, new: person.id } }, `2026-04-${String(i + 1).padStart(2, "0")}T10:00:00Z`);
    };
    await renamed(0);
    queries = 0;
    expect((await page("?action=team.renamed")).entries).toHaveLength(2);
    const few = queries;
    // Short of a full page of 20, which would add the count of the whole list.
    for (let i = 1; i < 18; i++) await renamed(i);
    queries = 0;
    const many = await page("?action=team.renamed");
    expect(many.entries).toHaveLength(19);
    expect(many.entries.map((e) => e.about)).toContain("Team 17");
    expect(queries).toBe(few);
  });

  it("keeps the ids in the CSV", async () => {
    const csv = await (exportCsv(args(getRequest("/audit/export.csv?action=team.deleted", cookie, { "Accept-Language": "en" }))) as Promise<Response>);
    const [, line] = (await csv.text()).trim().split("\r\n");
    expect(line).toContain("gone-team");
    expect(line).toContain(ids.eve);
  });
});
