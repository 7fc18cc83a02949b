// @module-tag time-zones (rerun under far time zones: npm run test:time-zones)
// The screens of work schedules and employment dates (issue 40, decision 0079): a person's
// schedule and employment dates on their page of the Users tab, the company default and one
// schedule for several people in the Work schedules tab, the person's own schedule on My
// Calendar, and first_day / last_day in the users API. Admins only write; employees get 403;
// another company's person is a 404; history is never rewritten.
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, dayOfWeek, eachDay, maxDate, todayIn } from "~/lib/dates";
import { leaveYearOf } from "~/lib/leave-year";
import { listCompanyWorkSchedules, listWorkSchedules } from "~/models/work-schedule.server";
import { action as loginAction } from "~/routes/login";
import { loader as myCalendarLoader } from "~/routes/_app.my-calendar";
import { action as usersAction, loader as usersLoader } from "~/routes/_app.company-settings.users/route";
import { action as schedulesAction, loader as schedulesLoader } from "~/routes/_app.company-settings.work-schedules/route";
import { action as userApi, loader as userApiGet } from "~/api/users.$id";
import { getDb } from "~/utils/db.server";
import type { SignedInViewer } from "~/utils/auth.server";
import { createCompany, createTeam, createUser, TEST_PASSWORD, viewerFor } from "../support/factories";
import { args, BASE, cookiesFrom, getRequest, postForm, run, unwrapData } from "../support/http";

interface Reply {
  confirm?: { fields: Record<string, string> };
  result?: { status?: string; error?: Record<string, string[] | null> };
  notice?: { tone: string; key: string; detail?: string; values?: Record<string, string> };
}

const today = todayIn("Europe/Lisbon");
const past = addDays(today, -40);
const future = addDays(today, 30);
const ids: Record<string, string> = {};
let admin: SignedInViewer;
const cookies: Record<string, string> = {};

async function signIn(email: string) {
  const response = (await loginAction(args(postForm("/login", { email, password: TEST_PASSWORD })))) as Response;
  expect(response.status).toBe(302);
  return cookiesFrom(response);
}

function form(path: string, fields: Record<string, string | string[]>, cookie: string) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const item of [value].flat()) body.append(name, item);
  return new Request(`${BASE}${path}`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie }, body });
}

const postUsers = async (fields: Record<string, string | string[]>, cookie = cookies.admin) => unwrapData<Reply>(await usersAction(args(form("/company-settings/users", fields, cookie))));
const postSchedules = async (fields: Record<string, string | string[]>, cookie = cookies.admin) =>
  unwrapData<Reply>(await schedulesAction(args(form("/company-settings/work-schedules", fields, cookie))));

/** The editor's fields for a one-week schedule: the weekdays ticked, each with `hours`. */
function editor(validFrom: string, weekdays: number[], hours = "8") {
  const fields: Record<string, string> = { validFrom, cycleWeeks: "1" };
  for (const weekday of [1, 2, 3, 4, 5, 6, 7]) {
    fields[`hours_1_${weekday}`] = hours;
    if (weekdays.includes(weekday)) fields[`worked_1_${weekday}`] = "on";
  }
  return fields;
}

const monToThu = (validFrom: string) => ({ validFrom, cycleWeeks: 1, days: [1, 2, 3, 4].map((weekday) => ({ weekday, hours: 8 })) });
const audits = (action: string, entityId: string) => getDb().auditEntry.findMany({ where: { action, entityId } });

function api(path: string, method: string, cookie: string, body?: unknown) {
  return new Request(`${BASE}${path}`, { method, headers: { Cookie: cookie, "Content-Type": "application/json", "Accept-Language": "en" }, body: body === undefined ? undefined : JSON.stringify(body) });
}
async function answer(result: Promise<unknown>) {
  const response = (await run(() => result)) as Response;
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  const company = (await createCompany("Rota")).id;
  const other = (await createCompany("Elsewhere")).id;
  const night = await createTeam(company, "Night");
  ids.night = night.id;
  const adminUser = await createUser(company, { role: "admin", email: "admin@rota.test", fullName: "Ada Admin" });
  ids.admin = adminUser.id;
  admin = await viewerFor(adminUser);
  ids.eva = (await createUser(company, { email: "eva@rota.test", fullName: "Eva Early" })).id;
  ids.noa = (await createUser(company, { email: "noa@rota.test", fullName: "Noa Night", teamId: night.id })).id;
  ids.nils = (await createUser(company, { email: "nils@rota.test", fullName: "Nils Night", teamId: night.id })).id;
  ids.pia = (await createUser(company, { email: "pia@rota.test", fullName: "Pia Past" })).id;
  ids.stranger = (await createUser(other, { email: "someone@elsewhere.test" })).id;
  ids.otherAdmin = (await createUser(other, { role: "admin", email: "admin@elsewhere.test" })).id;
  cookies.admin = await signIn("admin@rota.test");
  cookies.eva = await signIn("eva@rota.test");
  cookies.otherAdmin = await signIn("admin@elsewhere.test");
});

describe("a person's schedule on their page", () => {
  it("shows that a person without rows follows the company default, Monday to Friday", async () => {
    const page = await usersLoader(args(getRequest(`/company-settings/users?edit=${ids.eva}`, cookies.admin)));
    if (page.view !== "edit") throw new Error("not the edit view");
    expect(page.schedules.own).toEqual([]);
    expect(page.scheduleInForce.days.map((day) => day.weekday)).toEqual([1, 2, 3, 4, 5]);
  });

  it("adds a first schedule from any date for a company admin, with one audit entry", async () => {
    const reply = await postUsers({ intent: "users.schedule", userId: ids.eva, ...editor(past, [1, 2, 3, 4]) });
    expect(reply.status).toBe(200);
    expect(reply.value.notice?.key).toBe("workSchedules.saved");
    expect(await listWorkSchedules(admin, ids.eva)).toEqual([monToThu(past)]);
    expect(await audits("work_schedule.updated", ids.eva)).toHaveLength(1);
    const page = await usersLoader(args(getRequest(`/company-settings/users?edit=${ids.eva}`, cookies.admin)));
    if (page.view !== "edit") throw new Error("not the edit view");
    expect(page.scheduleInForce).toEqual(monToThu(past));
  });

  it("refuses to rewrite history: a second row before today is a 409 with the reason, nothing saved", async () => {
    const reply = await postUsers({ intent: "users.schedule", userId: ids.eva, ...editor(addDays(past, 7), [1, 2, 3]) });
    expect(reply.status).toBe(409);
    expect(reply.value.notice).toMatchObject({ tone: "error", detail: "workSchedules.errors.history" });
    expect(await getDb().workSchedule.count({ where: { userId: ids.eva } })).toBe(1);
  });

  it("adds a planned row from a later date, and removes it again; the started row cannot be removed", async () => {
    expect((await postUsers({ intent: "users.schedule", userId: ids.eva, ...editor(future, [1, 2, 3], "6") })).status).toBe(200);
    expect((await getDb().workSchedule.findMany({ where: { userId: ids.eva }, orderBy: { validFrom: "asc" } })).map((row) => row.validFrom)).toEqual([past, future]);
    // Removing asks first: the unconfirmed POST only answers with the fields to post again.
    const asked = await postUsers({ intent: "users.schedule-remove", userId: ids.eva, validFrom: future });
    expect(asked.value.confirm?.fields).toEqual({ intent: "users.schedule-remove", userId: ids.eva, validFrom: future });
    expect(await getDb().workSchedule.count({ where: { userId: ids.eva } })).toBe(2);
    expect((await postUsers({ intent: "users.schedule-remove", userId: ids.eva, validFrom: future, confirmed: "1" })).status).toBe(200);
    expect((await postUsers({ intent: "users.schedule-remove", userId: ids.eva, validFrom: past, confirmed: "1" })).status).toBe(409);
    expect((await getDb().workSchedule.findMany({ where: { userId: ids.eva } })).map((row) => row.validFrom)).toEqual([past]);
  });

  it("shows a ticked day without valid hours next to its field, translated, and saves nothing", async () => {
    const fields = { ...editor(future, [1, 2]), hours_1_2: "25" };
    const reply = await postUsers({ intent: "users.schedule", userId: ids.noa, ...fields });
    expect(reply.status).toBe(400);
    expect(reply.value.result?.error?.hours_1_2).toEqual(["workSchedules.editor.hoursInvalid"]);
    expect(await getDb().workSchedule.count({ where: { userId: ids.noa } })).toBe(0);
  });

  it("is a 403 for an employee and a 404 for another company's person", async () => {
    expect((await postUsers({ intent: "users.schedule", userId: ids.eva, ...editor(future, [1]) }, cookies.eva)).status).toBe(403);
    expect((await postUsers({ intent: "users.schedule-remove", userId: ids.eva, validFrom: past }, cookies.eva)).status).toBe(403);
    expect((await postUsers({ intent: "users.schedule", userId: ids.stranger, ...editor(future, [1]) })).status).toBe(404);
    expect(await getDb().workSchedule.count({ where: { userId: ids.stranger } })).toBe(0);
  });
});

describe("employment dates", () => {
  it("are set by a company admin on the person's page, audited, and cleared when emptied", async () => {
    const reply = await postUsers({ intent: "users.employment", userId: ids.noa, firstDay: "2026-02-01", lastDay: "2026-06-30" });
    expect(reply.status).toBe(200);
    expect(await getDb().user.findUniqueOrThrow({ where: { id: ids.noa }, select: { firstDay: true, lastDay: true } })).toEqual({ firstDay: "2026-02-01", lastDay: "2026-06-30" });
    const [entry] = await audits("user.updated", ids.noa);
    expect(JSON.parse(entry.details)).toEqual({ firstDay: { old: null, new: "2026-02-01" }, lastDay: { old: null, new: "2026-06-30" } });
    expect((await postUsers({ intent: "users.employment", userId: ids.noa, firstDay: "2026-02-01", lastDay: "" })).status).toBe(200);
    expect((await getDb().user.findUniqueOrThrow({ where: { id: ids.noa } })).lastDay).toBeNull();
  });

  it("refuse a last day before the first, next to the field, also against the stored first day", async () => {
    const reply = await postUsers({ intent: "users.employment", userId: ids.noa, firstDay: "2026-03-01", lastDay: "2026-02-01" });
    expect(reply.status).toBe(400);
    expect(reply.value.result?.error?.lastDay).toEqual(["workSchedules.employment.lastBeforeFirst"]);
    // Through the API, only the last day sent: checked against the stored first day.
    const refused = await answer(userApi(args(api(`/api/users/${ids.noa}`, "PATCH", cookies.admin, { last_day: "2026-01-15" }), { id: ids.noa })));
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({ last_day: "The last day cannot be before the first day." });
    expect((await getDb().user.findUniqueOrThrow({ where: { id: ids.noa } })).firstDay).toBe("2026-02-01");
  });

  it("are written through PATCH /api/users/{id} and read back by GET, null clearing one", async () => {
    const saved = await answer(userApi(args(api(`/api/users/${ids.nils}`, "PATCH", cookies.admin, { first_day: "2025-09-01", last_day: "2026-08-31" }), { id: ids.nils })));
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ first_day: "2025-09-01", last_day: "2026-08-31" });
    const read = await answer(userApiGet(args(api(`/api/users/${ids.nils}`, "GET", cookies.admin), { id: ids.nils })));
    expect(read.body).toMatchObject({ first_day: "2025-09-01", last_day: "2026-08-31" });
    const cleared = await answer(userApi(args(api(`/api/users/${ids.nils}`, "PATCH", cookies.admin, { last_day: null }), { id: ids.nils })));
    expect(cleared.body).toMatchObject({ first_day: "2025-09-01", last_day: null });
    const malformed = await answer(userApi(args(api(`/api/users/${ids.nils}`, "PATCH", cookies.admin, { first_day: "01/09/2025" }), { id: ids.nils })));
    expect(malformed.status).toBe(400);
    expect(malformed.body.fields).toEqual({ first_day: "Enter a valid date (YYYY-MM-DD)." });
  });

  it("are the person's and admins' to read: a colleague reads null; employees and other companies cannot write them", async () => {
    const colleague = await answer(userApiGet(args(api(`/api/users/${ids.nils}`, "GET", cookies.eva), { id: ids.nils })));
    expect(colleague.body).toMatchObject({ id: ids.nils, first_day: null, last_day: null });
    expect((await answer(userApi(args(api(`/api/users/${ids.eva}`, "PATCH", cookies.eva, { last_day: "2030-01-01" }), { id: ids.eva })))).status).toBe(403);
    expect((await postUsers({ intent: "users.employment", userId: ids.eva, firstDay: "2020-01-01" }, cookies.eva)).status).toBe(403);
    expect((await answer(userApi(args(api(`/api/users/${ids.nils}`, "PATCH", cookies.otherAdmin, { last_day: "2030-01-01" }), { id: ids.nils })))).status).toBe(404);
    expect((await postUsers({ intent: "users.employment", userId: ids.stranger, firstDay: "2020-01-01" })).status).toBe(404);
    expect(await getDb().user.findUniqueOrThrow({ where: { id: ids.eva }, select: { firstDay: true, lastDay: true } })).toEqual({ firstDay: null, lastDay: null });
  });
});

describe("the Work schedules tab", () => {
  it("is for company admins only", async () => {
    const page = (await run(() => schedulesLoader(args(getRequest("/company-settings/work-schedules", cookies.eva))))) as Response;
    expect(page.status).toBe(403);
    expect((await postSchedules({ intent: "schedules.default", ...editor(future, [1, 2, 3, 4, 5]) }, cookies.eva)).status).toBe(403);
    expect((await postSchedules({ intent: "schedules.bulk", userIds: [ids.noa], ...editor(future, [1]) }, cookies.eva)).status).toBe(403);
  });

  it("sets the company default from a date, which people without their own follow", async () => {
    expect((await postSchedules({ intent: "schedules.default", ...editor(future, [1, 2, 3, 4, 5], "7.5") })).status).toBe(200);
    const page = await schedulesLoader(args(getRequest("/company-settings/work-schedules", cookies.admin)));
    expect(page.company).toEqual([{ validFrom: future, cycleWeeks: 1, days: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, hours: 7.5 })) }]);
    expect(page.people.map((person) => person.displayName)).toEqual(["Ada Admin", "Eva Early", "Nils Night", "Noa Night", "Pia Past"]);
    expect(page.people.find((person) => person.id === ids.eva)).toMatchObject({ own: true, inForce: monToThu(past) });
    expect(page.people.find((person) => person.id === ids.pia)).toMatchObject({ own: false });
    expect(await audits("work_schedule.updated", admin.companyId)).toHaveLength(1);
    expect(await listCompanyWorkSchedules(admin)).toHaveLength(1);
    expect((await postSchedules({ intent: "schedules.default-remove", validFrom: future })).value.confirm?.fields).toEqual({ intent: "schedules.default-remove", validFrom: future });
    expect(await listCompanyWorkSchedules(admin)).toHaveLength(1);
    expect((await postSchedules({ intent: "schedules.default-remove", validFrom: future, confirmed: "1" })).status).toBe(200);
    expect((await schedulesLoader(args(getRequest("/company-settings/work-schedules", cookies.admin)))).company).toEqual([]);
  });

  it("lists a page of people, found by name or team, each with their own rows", async () => {
    const names = async (query: string) => {
      const page = await schedulesLoader(args(getRequest(`/company-settings/work-schedules${query}`, cookies.admin)));
      return { names: page.people.map((person) => person.displayName), total: page.total, page };
    };
    const eva = await names("?q=EVA");
    expect(eva).toMatchObject({ names: ["Eva Early"], total: 1 });
    expect(eva.page.people[0]).toMatchObject({ own: true, inForce: monToThu(past) });
    expect((await names(`?team=${ids.night}`)).names).toEqual(["Nils Night", "Noa Night"]);
    expect((await names("?team=none")).names).toEqual(["Ada Admin", "Eva Early", "Pia Past"]);
    // Another company's team matches nobody here.
    expect((await names("?team=elsewhere")).names).toEqual([]);

    // Twelve more people (who leave again after): ten on the first page of ten, the rest on the second.
    const company = admin.companyId;
    for (let i = 10; i < 22; i++) await createUser(company, { email: `p${i}@rota.test`, fullName: `Zed ${i}` });
    const first = await names("?size=10");
    expect(first).toMatchObject({ total: 17 });
    expect(first.names).toHaveLength(10);
    expect(first.names[0]).toBe("Ada Admin");
    const second = await names("?size=10&page=2");
    expect(second.names).toEqual(["Zed 15", "Zed 16", "Zed 17", "Zed 18", "Zed 19", "Zed 20", "Zed 21"]);
    await getDb().user.updateMany({ where: { fullName: { startsWith: "Zed " }, companyId: company }, data: { deactivatedAt: new Date() } });
  });

  it("applies one schedule to the people ticked and a whole team in one go, one audit entry each", async () => {
    const reply = await postSchedules({ intent: "schedules.bulk", userIds: [ids.pia], teamId: ids.night, ...editor(future, [1, 2, 3, 4]) });
    expect(reply.status).toBe(200);
    expect(reply.value.notice).toMatchObject({ key: "workSchedules.bulk.done", values: { count: "3", unchanged: "0" } });
    for (const id of [ids.pia, ids.noa, ids.nils]) {
      expect(await getDb().workSchedule.findMany({ where: { userId: id }, select: { validFrom: true } })).toEqual([{ validFrom: future }]);
      expect(await audits("work_schedule.updated", id)).toHaveLength(1);
    }
    // The same again changes nobody.
    expect((await postSchedules({ intent: "schedules.bulk", userIds: [ids.pia, ids.noa], ...editor(future, [1, 2, 3, 4]) })).value.notice?.values).toEqual({ count: "0", unchanged: "2" });
  });

  it("refuses, saving nothing, when anyone's history would be rewritten, and names them", async () => {
    const before = await getDb().workSchedule.count();
    const reply = await postSchedules({ intent: "schedules.bulk", userIds: [ids.eva, ids.pia, ids.admin], ...editor(addDays(past, 3), [1, 2]) });
    expect(reply.status).toBe(409);
    // Eva and Pia have rows, so a row before today would be new history; Ada has none yet (a first row may start anywhere).
    expect(reply.value.notice).toMatchObject({ detail: "workSchedules.bulk.history", values: { names: "Eva Early, Pia Past" } });
    expect(await getDb().workSchedule.count()).toBe(before);
  });

  it("is a 404 for another company's person, and asks for someone when nobody is chosen", async () => {
    expect((await postSchedules({ intent: "schedules.bulk", userIds: [ids.pia, ids.stranger], ...editor(future, [1]) })).status).toBe(404);
    const none = await postSchedules({ intent: "schedules.bulk", ...editor(future, [1]) });
    expect(none.status).toBe(400);
    expect(none.value.result?.error?.userIds).toEqual(["workSchedules.bulk.noneSelected"]);
  });
});

describe("My Calendar", () => {
  it("shows the person's schedule in force and the next planned change", async () => {
    const eva = await myCalendarLoader(args(getRequest("/my-calendar", cookies.eva)));
    // The card's words come from the loader, in the person's language (Portuguese here).
    expect(eva.schedule).toEqual({ current: monToThu(past), next: null, words: { current: ["segunda–quinta 8\u00a0h"], next: null } });
    const pia = await myCalendarLoader(args(getRequest("/my-calendar", await signIn("pia@rota.test"))));
    expect(pia.schedule.current.days.map((day) => day.weekday)).toEqual([1, 2, 3, 4, 5]);
    expect(pia.schedule.next).toEqual({ from: future, schedule: monToThu(future) });
    expect(pia.schedule.words).toEqual({ current: ["segunda–sexta 8\u00a0h"], next: { from: future, weeks: ["segunda–quinta 8\u00a0h"] } });
  });

  it("gives the year grid the weekdays the person does not work in the leave year shown, from the same read", async () => {
    const shown = leaveYearOf(today, 1);
    const fridays = (from: string) => [...eachDay(maxDate(from, shown.firstDay), shown.lastDay)].filter((date) => dayOfWeek(date) === 5);
    expect((await myCalendarLoader(args(getRequest("/my-calendar", cookies.eva)))).offDays).toEqual(fridays(past));
    expect((await myCalendarLoader(args(getRequest("/my-calendar", await signIn("pia@rota.test"))))).offDays).toEqual(fridays(future));
  });
});
