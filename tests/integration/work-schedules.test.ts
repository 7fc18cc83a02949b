// @module-tag time-zones (rerun under far time zones: npm run test:time-zones)
// Work schedules' model and API (issue 40, docs/decisions/0077-work-schedules-hours-and-leave-years.md):
// a person's list and the company default's, read and replaced whole; tenant isolation (another
// company's person is a 404, never a 403) and roles (a person reads their own, only company admins
// write); validation with translated messages; history that is never rewritten; one audit entry
// per change; and the timelines balances read from them.
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, todayIn } from "~/lib/dates";
import { DEFAULT_WORK_SCHEDULE, scheduledHours, type WorkSchedule } from "~/lib/work-schedule";
import { loadBalanceInputs } from "~/models/balance.server";
import { explainBalance } from "~/models/balance-explanation.server";
import { createVacation } from "~/models/vacation.server";
import { listCompanyWorkSchedules, listWorkSchedules, loadScheduleTimelines, replaceCompanyWorkSchedules, replaceWorkSchedules } from "~/models/work-schedule.server";
import { action as apiLogin } from "~/api/auth.login";
import { action as createVacationApi } from "~/api/vacations._index";
import { action as personPut, loader as personGet } from "~/api/users.$id.work-schedules";
import { action as companyPut, loader as companyGet } from "~/api/companies.me.work-schedules";
import { getDb } from "~/utils/db.server";
import { resetRateLimits } from "~/utils/rate-limit.server";
import type { SignedInViewer } from "~/utils/auth.server";
import { createCompany, createUser, TEST_PASSWORD, viewerFor } from "../support/factories";
import { args, run } from "../support/http";

type Json = Record<string, unknown>;

function call(path: string, method: string, token?: string, body?: unknown, language = "en") {
  return new Request(`http://localhost${path}`, {
    method,
    headers: { "Content-Type": "application/json", "Accept-Language": language, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function tokenFor(email: string) {
  await resetRateLimits();
  const response = await apiLogin(args(call("/api/auth/login", "POST", undefined, { email, password: TEST_PASSWORD })));
  return ((await response.json()) as { access_token: string }).access_token;
}

/** Status and JSON of a route's answer (an AppError thrown past handleApi would fail the test). */
async function answer(result: Promise<unknown>): Promise<{ status: number; body: Json & Json[] }> {
  const response = (await run(() => result)) as Response;
  return { status: response.status, body: response.status === 204 ? null : await response.json() };
}

const today = todayIn("Europe/Lisbon");
const past = addDays(today, -60);
const future = addDays(today, 30);
const weekdays = (list: number[], hours = 8) => list.map((weekday) => ({ weekday, hours }));
const fourDays = (validFrom: string): WorkSchedule => ({ validFrom, cycleWeeks: 1, days: weekdays([1, 2, 3, 4]) });

let companyId: string;
let admin: SignedInViewer;
let employee: SignedInViewer;
let ids: Record<string, string>;
let tokens: Record<string, string>;

beforeAll(async () => {
  companyId = (await createCompany("Shifts")).id;
  const globexId = (await createCompany("Globex")).id;
  const owner = await createUser(companyId, { role: "owner", email: "owner@shifts.test" });
  const boss = await createUser(companyId, { role: "admin", email: "admin@shifts.test" });
  const eva = await createUser(companyId, { email: "eva@shifts.test" });
  const carl = await createUser(companyId, { email: "carl@shifts.test" });
  const gone = await createUser(companyId, { email: "gone@shifts.test" });
  await getDb().user.update({ where: { id: gone.id }, data: { deactivatedAt: new Date() } });
  const globexAdmin = await createUser(globexId, { role: "admin", email: "admin@globex.test" });
  const globexUser = await createUser(globexId, { email: "user@globex.test" });
  ids = { owner: owner.id, admin: boss.id, eva: eva.id, carl: carl.id, gone: gone.id, globexAdmin: globexAdmin.id, globexUser: globexUser.id, globex: globexId };
  admin = await viewerFor(boss);
  employee = await viewerFor(eva);
  tokens = { admin: await tokenFor("admin@shifts.test"), eva: await tokenFor("eva@shifts.test"), globexAdmin: await tokenFor("admin@globex.test") };
});

const refused = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return (error as { status: number; code: string }).status;
  }
  return 200;
};

describe("a person's work schedules (model)", () => {
  it("reads none at first: the person follows the company default", async () => {
    expect(await listWorkSchedules(employee, ids.eva)).toEqual([]);
    expect(await listWorkSchedules(admin, ids.eva)).toEqual([]);
  });

  it("is about the viewer's company only: another company's person, or a removed one, is not found", async () => {
    expect(await refused(listWorkSchedules(admin, ids.globexUser))).toBe(404);
    expect(await refused(listWorkSchedules(employee, ids.globexUser))).toBe(404);
    expect(await refused(listWorkSchedules(admin, ids.gone))).toBe(404);
    expect(await refused(replaceWorkSchedules(admin, ids.globexUser, [fourDays(future)]))).toBe(404);
    expect(await refused(replaceWorkSchedules(employee, ids.globexUser, [fourDays(future)]))).toBe(404);
    expect(await refused(replaceWorkSchedules(admin, ids.gone, [fourDays(future)]))).toBe(404);
    expect(await getDb().workSchedule.count({ where: { userId: { in: [ids.globexUser, ids.gone] } } })).toBe(0);
  });

  it("lets a person read only their own, and only company admins write", async () => {
    expect(await refused(listWorkSchedules(employee, ids.carl))).toBe(403);
    expect(await refused(replaceWorkSchedules(employee, ids.eva, [fourDays(future)]))).toBe(403);
    expect(await refused(replaceWorkSchedules(employee, ids.carl, [fourDays(future)]))).toBe(403);
    expect(await getDb().workSchedule.count({ where: { companyId } })).toBe(0);
  });

  it("sets a first list from any date, stored in one spelling, with one audit entry", async () => {
    const saved = await replaceWorkSchedules(admin, ids.eva, [
      // Days in any order, a day of 0 hours: stored without it, by weekday.
      { validFrom: past, cycleWeeks: 1, days: [{ weekday: 3, hours: 8 }, { weekday: 1, hours: 8 }, { weekday: 2, hours: 8 }, { weekday: 4, hours: 8 }, { weekday: 5, hours: 0 }] },
    ]);
    expect(saved).toEqual([fourDays(past)]);
    expect(await listWorkSchedules(employee, ids.eva)).toEqual([fourDays(past)]);
    const entries = await getDb().auditEntry.findMany({ where: { companyId, action: "work_schedule.updated" } });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorId: ids.admin, entity: "user", entityId: ids.eva });
    expect(JSON.parse(entries[0].details)).toEqual({
      user_id: ids.eva,
      schedules: { old: [], new: [{ valid_from: past, cycle_weeks: 1, days: weekdays([1, 2, 3, 4]) }] },
    });
    // The same list again changes nothing and writes no entry.
    await replaceWorkSchedules(admin, ids.eva, [fourDays(past)]);
    expect(await getDb().auditEntry.count({ where: { companyId, action: "work_schedule.updated" } })).toBe(1);
  });

  it("never rewrites history: a row before today comes back unchanged, and none is added", async () => {
    const rewrite = (list: WorkSchedule[]) => refused(replaceWorkSchedules(admin, ids.eva, list));
    expect(await rewrite([])).toBe(409);
    expect(await rewrite([{ ...fourDays(past), days: weekdays([1, 2, 3]) }])).toBe(409);
    expect(await rewrite([fourDays(past), fourDays(addDays(past, 7))])).toBe(409);
    expect(await rewrite([fourDays(addDays(past, 1))])).toBe(409);
    // A change from a later date is a new row; the past stays as it was.
    const fortnight: WorkSchedule = { validFrom: future, cycleWeeks: 2, days: [{ weekday: 1, week: 1, hours: 8 }, { weekday: 1, week: 2, hours: 4 }] };
    expect(await replaceWorkSchedules(admin, ids.eva, [fortnight, fourDays(past)])).toEqual([fourDays(past), fortnight]);
    // Rows from today on may change or go.
    expect(await replaceWorkSchedules(admin, ids.eva, [fourDays(past), { ...fortnight, validFrom: addDays(future, 1) }])).toHaveLength(2);
    expect(await replaceWorkSchedules(admin, ids.eva, [fourDays(past)])).toEqual([fourDays(past)]);
    const rows = await getDb().workSchedule.findMany({ where: { userId: ids.eva } });
    expect(rows.map((row) => row.validFrom)).toEqual([past]);
  });

  it("refuses invalid lists with the problem of each row", async () => {
    const invalid = async (list: WorkSchedule[]) => {
      try {
        await replaceWorkSchedules(admin, ids.carl, list);
      } catch (error) {
        const { status, fields } = error as { status: number; fields: Record<string, string> };
        return { status, fields };
      }
      return null;
    };
    expect(await invalid([fourDays(future), fourDays(future)])).toEqual({ status: 400, fields: { "1.valid_from": "workSchedules.errors.duplicate_valid_from" } });
    expect(await invalid([{ validFrom: future, cycleWeeks: 1, days: [{ weekday: 1, week: 2, hours: 8 }] }])).toEqual({ status: 400, fields: { "0.days": "workSchedules.errors.week" } });
    expect(await invalid([{ validFrom: future, cycleWeeks: 1, days: [{ weekday: 1, hours: 7.123 }] }])).toEqual({ status: 400, fields: { "0.days": "workSchedules.errors.hours" } });
    expect(await invalid([{ validFrom: future, cycleWeeks: 1, days: [{ weekday: 1, hours: 8 }, { weekday: 1, hours: 4 }] }])).toEqual({ status: 400, fields: { "0.days": "workSchedules.errors.duplicate_day" } });
    expect(await getDb().workSchedule.count({ where: { userId: ids.carl } })).toBe(0);
  });
});

describe("the company default (model)", () => {
  it("is read by everyone, written by company admins, and each company's own", async () => {
    expect(await listCompanyWorkSchedules(employee)).toEqual([]);
    expect(await refused(replaceCompanyWorkSchedules(employee, [fourDays(future)]))).toBe(403);
    const fiveShort: WorkSchedule = { validFrom: past, cycleWeeks: 1, days: weekdays([1, 2, 3, 4, 5], 7.5) };
    expect(await replaceCompanyWorkSchedules(admin, [fiveShort])).toEqual([fiveShort]);
    expect(await listCompanyWorkSchedules(employee)).toEqual([fiveShort]);
    const globex = await viewerFor({ id: ids.globexAdmin });
    expect(await listCompanyWorkSchedules(globex)).toEqual([]);
    const entry = await getDb().auditEntry.findFirstOrThrow({ where: { companyId, action: "work_schedule.updated", entity: "company" } });
    expect(entry.entityId).toBe(companyId);
    expect(await refused(replaceCompanyWorkSchedules(admin, []))).toBe(409);
  });

  it("gives each person their timeline: their own rows, else the company default, else Monday–Friday", async () => {
    const { timelineOf, any } = await loadScheduleTimelines(getDb(), companyId);
    expect(any).toBe(true);
    // Eva's own four-day week (from `past`); Carl the company's 7.5 h days.
    const friday = (from: string) => {
      let date = from;
      while (new Date(`${date}T00:00:00Z`).getUTCDay() !== 5) date = addDays(date, 1);
      return date;
    };
    const aFriday = friday(addDays(past, 1));
    expect(scheduledHours(timelineOf(ids.eva).at(aFriday), aFriday)).toBe(0);
    expect(scheduledHours(timelineOf(ids.carl).at(aFriday), aFriday)).toBe(7.5);
    // Before any row: the product's default.
    const early = friday(addDays(past, -30));
    expect(timelineOf(ids.carl).at(early)).toBe(DEFAULT_WORK_SCHEDULE);
    const globex = await loadScheduleTimelines(getDb(), ids.globex);
    expect(globex.any).toBe(false);
    expect(globex.timelineOf(ids.globexUser).at(aFriday)).toBe(DEFAULT_WORK_SCHEDULE);
  });
});

describe("the work schedules API", () => {
  const personPath = (id: string) => `/api/users/${id}/work-schedules`;
  const get = (id: string, token?: string, language = "en") => answer(personGet(args(call(personPath(id), "GET", token, undefined, language), { id })));
  const put = (id: string, token: string | undefined, body: unknown, language = "en") => answer(personPut(args(call(personPath(id), "PUT", token, body, language), { id })));

  it("answers the person's list in the API's names", async () => {
    const { status, body } = await get(ids.eva, tokens.eva);
    expect(status).toBe(200);
    expect(body).toEqual([{ valid_from: past, cycle_weeks: 1, days: weekdays([1, 2, 3, 4]) }]);
    expect((await get(ids.carl, tokens.admin)).body).toEqual([]);
  });

  it("is a 404 for another company's person and a 403 for a colleague's list or a write by a non-admin", async () => {
    expect((await get(ids.globexUser, tokens.admin)).status).toBe(404);
    expect((await get(ids.eva, tokens.globexAdmin)).status).toBe(404);
    expect((await put(ids.eva, tokens.globexAdmin, [])).status).toBe(404);
    expect((await get(ids.carl, tokens.eva)).status).toBe(403);
    expect((await put(ids.eva, tokens.eva, [])).status).toBe(403);
    expect((await get(ids.eva)).status).toBe(401);
  });

  it("replaces the list, and explains refusals in the caller's language", async () => {
    const fortnight = { valid_from: future, cycle_weeks: 2, days: [{ weekday: 2, week: 2, hours: 6 }, { weekday: 1, hours: 8 }] };
    const saved = await put(ids.eva, tokens.admin, [{ valid_from: past, cycle_weeks: 1, days: weekdays([1, 2, 3, 4]) }, fortnight]);
    expect(saved.status).toBe(200);
    expect(saved.body[1]).toEqual({ valid_from: future, cycle_weeks: 2, days: [{ weekday: 1, week: 1, hours: 8 }, { weekday: 2, week: 2, hours: 6 }] });

    const history = await put(ids.eva, tokens.admin, [fortnight], "pt");
    expect(history.status).toBe(409);
    expect(history.body.detail).toBe("Os horários que começaram antes de hoje não podem ser alterados. Acrescente um novo horário a partir de hoje ou de uma data posterior.");
    const duplicate = await put(ids.carl, tokens.admin, [fortnight, fortnight], "es");
    expect(duplicate).toMatchObject({ status: 400, body: { detail: "Dos horarios empiezan en la misma fecha. Deja solo uno.", fields: { "1.valid_from": "Dos horarios empiezan en la misma fecha. Deja solo uno." } } });
    const shape = await put(ids.carl, tokens.admin, [{ valid_from: "2027-02-30", cycle_weeks: 3, days: [{ weekday: 8, hours: 25 }] }]);
    expect(shape.status).toBe(400);
    expect(shape.body.fields).toMatchObject({ "0.valid_from": "Enter the date the schedule starts (YYYY-MM-DD).", "0.cycle_weeks": "A schedule repeats every week or every two weeks." });
    expect((await put(ids.carl, tokens.admin, { not: "a list" })).status).toBe(400);
  });

  it("reads and replaces the company default", async () => {
    const read = await answer(companyGet(args(call("/api/companies/me/work-schedules", "GET", tokens.eva))));
    expect(read).toEqual({ status: 200, body: [{ valid_from: past, cycle_weeks: 1, days: weekdays([1, 2, 3, 4, 5], 7.5) }] });
    const list = [{ valid_from: past, cycle_weeks: 1, days: weekdays([1, 2, 3, 4, 5], 7.5) }, { valid_from: future, cycle_weeks: 1, days: weekdays([1, 2, 3, 4, 5], 7) }];
    expect((await answer(companyPut(args(call("/api/companies/me/work-schedules", "PUT", tokens.eva, list))))).status).toBe(403);
    expect(await answer(companyPut(args(call("/api/companies/me/work-schedules", "PUT", tokens.admin, list))))).toEqual({ status: 200, body: list });
    // Globex's default is Globex's: still empty.
    expect((await answer(companyGet(args(call("/api/companies/me/work-schedules", "GET", tokens.globexAdmin))))).body).toEqual([]);
  });
});

describe("balances and requests count the person's working days", () => {
  let shop: string;
  let partTimer: SignedInViewer;
  let fullTimer: SignedInViewer;
  let boss: SignedInViewer;
  const request = (startDate: string, endDate: string, extra: Partial<{ halfDayStart: boolean; halfDayEnd: boolean }> = {}) => ({
    startDate,
    endDate,
    halfDayStart: false,
    halfDayEnd: false,
    description: "",
    categoryId: "yearly_allowance",
    recipientType: "team_admins" as const,
    ...extra,
  });
  const errorOf = async (promise: Promise<unknown>) => {
    try {
      await promise;
    } catch (error) {
      const { status, message } = error as { status: number; message: string };
      return { status, message };
    }
    return null;
  };
  const balances = async (userId: string) => (await loadBalanceInputs(getDb(), shop, { fromYear: 2027, toYear: 2027, userIds: [userId] })).balancesOf(userId, 2027).yearly;

  beforeAll(async () => {
    shop = (await createCompany("Part-time shop")).id;
    const owner = await createUser(shop, { role: "admin", email: "boss@shop.test" });
    const team = await getDb().team.create({ data: { companyId: shop, name: "Floor", admins: { create: { userId: owner.id } } } });
    const ana = await createUser(shop, { email: "ana@shop.test", teamId: team.id });
    const rui = await createUser(shop, { email: "rui@shop.test", teamId: team.id });
    await getDb().allowance.createMany({ data: [ana, rui].map((person) => ({ companyId: shop, userId: person.id, year: 2027, yearly: 22 })) });
    // Carnival (Tuesday 9 February 2027) as the company's holiday.
    await getDb().holiday.create({ data: { companyId: shop, date: "2027-02-09", name: "Carnaval", countryCode: "PT", isRecurring: false } });
    boss = await viewerFor(owner);
    partTimer = await viewerFor(ana);
    fullTimer = await viewerFor(rui);
    // Ana works Monday to Thursday from 2027; from 7 June, Monday to Friday.
    await replaceWorkSchedules(boss, ana.id, [fourDays("2027-01-01")]);
  });

  it("charges a four-day-week person 4 days for a Monday–Sunday week, and a full-timer 5", async () => {
    const week = await createVacation(partTimer, request("2027-03-01", "2027-03-07"));
    expect(week.workingDays).toBe(4);
    expect(await balances(partTimer.userId)).toMatchObject({ pending: 4, remaining: 18 });
    // Rui follows the company default: Monday–Friday as ever.
    expect((await createVacation(fullTimer, request("2027-03-01", "2027-03-07"))).workingDays).toBe(5);
    expect(await balances(fullTimer.userId)).toMatchObject({ pending: 5, remaining: 17 });
  });

  it("refuses a request only on days the person does not work, in their language", async () => {
    const friday = await errorOf(createVacation(partTimer, request("2027-03-12", "2027-03-14")));
    expect(friday).toEqual({ status: 400, message: "workSchedules.errors.noWorkingDay" });
    // A holiday on a working day, and the days off around it: nothing to take either.
    expect(await errorOf(createVacation(partTimer, request("2027-02-09", "2027-02-09")))).toEqual({ status: 400, message: "workSchedules.errors.noWorkingDay" });
    // A half day on a working day is half a day.
    expect((await createVacation(partTimer, request("2027-03-15", "2027-03-15", { halfDayStart: true }))).workingDays).toBe(0.5);
  });

  it("says so through the API in the caller's language", async () => {
    const token = await tokenFor("ana@shop.test");
    const body = { start_date: "2027-03-19", end_date: "2027-03-19", absence_category_id: "yearly_allowance" };
    const pt = await answer(createVacationApi(args(call("/api/vacations", "POST", token, body, "pt"))));
    expect(pt).toMatchObject({ status: 400, body: { detail: "Estas datas são todas dias de descanso no seu horário de trabalho ou feriados. Escolha pelo menos um dia de trabalho." } });
    const en = await answer(createVacationApi(args(call("/api/vacations", "POST", token, body, "en"))));
    expect(en.body.fields).toEqual({ endDate: "These dates are all days off in your work schedule or holidays. Choose at least one working day." });
  });

  it("keeps what came before a schedule change: a change from June leaves March as it was", async () => {
    await replaceWorkSchedules(boss, partTimer.userId, [fourDays("2027-01-01"), { validFrom: "2027-06-07", cycleWeeks: 1, days: weekdays([1, 2, 3, 4, 5]) }]);
    expect((await createVacation(partTimer, request("2027-06-07", "2027-06-13"))).workingDays).toBe(5);
    // March: 4 + ½; June: 5.
    expect(await balances(partTimer.userId)).toMatchObject({ pending: 9.5, remaining: 12.5 });
    // The balance's explanation counts each absence as the balance does.
    const explained = await explainBalance(boss, partTimer.userId, 2027);
    expect(explained.vacations.map((vacation) => [vacation.startDate, vacation.days])).toEqual([
      ["2027-03-01", 4],
      ["2027-03-15", 0.5],
      ["2027-06-07", 5],
    ]);
  });

  it("follows the company default for people without their own", async () => {
    await replaceCompanyWorkSchedules(boss, [{ validFrom: "2027-09-01", cycleWeeks: 1, days: weekdays([1, 2, 3]) }]);
    expect(await errorOf(createVacation(fullTimer, request("2027-09-09", "2027-09-10")))).toEqual({ status: 400, message: "workSchedules.errors.noWorkingDay" });
    expect((await createVacation(fullTimer, request("2027-09-06", "2027-09-12"))).workingDays).toBe(3);
    // Ana's own schedule wins over the default.
    expect((await createVacation(partTimer, request("2027-09-06", "2027-09-12"))).workingDays).toBe(5);
  });

  it("refuses a request beyond what is left by the person's count", async () => {
    // Ana has 22 − 9.5 − 5 = 7.5 days left; two weeks of her five-day schedule are 10.
    const refusedRequest = await errorOf(createVacation(partTimer, request("2027-10-04", "2027-10-15")));
    expect(refusedRequest?.status).toBe(409);
    expect((await createVacation(partTimer, request("2027-10-04", "2027-10-10"))).workingDays).toBe(5);
  });
});
