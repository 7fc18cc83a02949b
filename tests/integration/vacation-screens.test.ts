// @module-tag time-zones (rerun under far time zones: npm run test:time-zones)
// My calendar, Absences and Approvals through their loaders and actions, signed in like a browser.
import { beforeAll, describe, expect, it } from "vitest";
import { resources } from "~/i18n-resources.server";
import { action as approvalsAction, loader as approvalsLoader } from "~/routes/_app.approvals";
import { action as myCalendarAction, loader as myCalendarLoader } from "~/routes/_app.my-calendar";
import { action as vacationsAction, loader as vacationsLoader } from "~/routes/_app.vacations";
import { action as loginAction } from "~/routes/login";
import { getDb } from "~/utils/db.server";
import { addDays } from "~/lib/dates";
import { createCompany, createTeam, createUser, createVacation, TEST_PASSWORD } from "../support/factories";
import { args, cookiesFrom, getRequest, postForm, unwrapData } from "../support/http";

interface FormReply {
  result: { status: string; error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> };
  values: Record<string, string>;
}
interface NoticeReply {
  notice: { tone: string; key: string; detail?: string };
}

let acme: string;
let globex: string;
const ids: Record<string, string> = {};
const cookies: Record<string, string> = {};

async function signIn(email: string) {
  const response = (await loginAction(args(postForm("/login", { email, password: TEST_PASSWORD })))) as Response;
  expect(response.status).toBe(302);
  return cookiesFrom(response);
}

const request = (fields: Record<string, string>) => ({
  intent: "create",
  recipientType: "team_admins",
  description: "",
  ...fields,
});

async function statusOf(id: string) {
  return (await getDb().vacation.findUniqueOrThrow({ where: { id }, select: { status: true } })).status;
}

beforeAll(async () => {
  const db = getDb();
  acme = (await createCompany("Acme")).id;
  globex = (await createCompany("Globex")).id;

  const boss = await createUser(acme, { email: "boss@screens.test", role: "admin", fullName: "Bo Boss" });
  const red = await createTeam(acme, "Red", [boss.id]);
  const blue = await createTeam(acme, "Blue"); // no admin
  const eve = await createUser(acme, { email: "eve@screens.test", fullName: "Eve Example", teamId: red.id });
  const lou = await createUser(acme, { email: "lou@screens.test", fullName: "Lou Lister", teamId: red.id });
  const orphan = await createUser(acme, { email: "orphan@screens.test", teamId: blue.id });
  const globexOwner = await createUser(globex, { email: "owner@globex.test", role: "owner" });
  Object.assign(ids, { boss: boss.id, eve: eve.id, lou: lou.id, orphan: orphan.id, globexOwner: globexOwner.id });

  await db.holiday.createMany({
    data: [
      { companyId: acme, date: "2020-04-25", name: "Dia da Liberdade", countryCode: "PT", isRecurring: true },
      { companyId: acme, date: "2027-03-26", name: "Sexta-feira Santa", countryCode: "PT", isRecurring: false },
      { companyId: acme, date: "2027-03-10", name: "Fête", countryCode: "FR", isRecurring: false },
    ],
  });
  await db.allowance.createMany({
    data: [
      { companyId: acme, userId: eve.id, year: 2027, yearly: 22, residual: 2, specialLeave: 0 },
      { companyId: acme, userId: lou.id, year: 2028, yearly: 22, residual: 0, specialLeave: 0 },
    ],
  });

  // Eve: one approved week, one pending pair of days, one cancelled vacation (counts for nothing).
  ids.eveApproved = (await createVacation(acme, eve.id, { startDate: "2027-02-01", endDate: "2027-02-05", status: "approved" })).id;
  ids.evePending = (await createVacation(acme, eve.id, { startDate: "2027-03-01", endDate: "2027-03-02", status: "pending" })).id;
  ids.eveCancelled = (await createVacation(acme, eve.id, { startDate: "2027-05-03", endDate: "2027-05-04", status: "cancelled" })).id;
  ids.evePending2 = (await createVacation(acme, eve.id, { startDate: "2027-09-06", endDate: "2027-09-07", status: "pending" })).id;

  // Lou: 13 vacations in 2028 for paging and filters (two of them training, three approved).
  for (let i = 0; i < 13; i++) {
    const day = String(i + 1).padStart(2, "0");
    const v = await createVacation(acme, lou.id, { startDate: `2028-02-${day}`, endDate: `2028-02-${day}`, status: i < 3 ? "approved" : "pending" });
    if (i >= 11) await db.vacation.update({ where: { id: v.id }, data: { categoryId: "training" } });
  }

  // Someone else's: nobody reviews their own request (decision 0018).
  const globexEmployee = await createUser(globex, { email: "employee@globex.test" });
  ids.globexPending = (await createVacation(globex, globexEmployee.id, { startDate: "2027-03-01", endDate: "2027-03-05", status: "pending" })).id;

  cookies.eve = await signIn("eve@screens.test");
  cookies.lou = await signIn("lou@screens.test");
  cookies.boss = await signIn("boss@screens.test");
  cookies.orphan = await signIn("orphan@screens.test");
  cookies.globex = await signIn("owner@globex.test");
});

describe("/my-calendar loader", () => {
  it("lists as upcoming only what is still ahead: no rejected or cancelled vacations", async () => {
    const rita = await createUser(acme, { email: "rita@screens.test", fullName: "Rita Rejected" });
    const approved = (await createVacation(acme, rita.id, { startDate: "2027-06-07", endDate: "2027-06-08", status: "approved" })).id;
    await createVacation(acme, rita.id, { startDate: "2027-06-14", endDate: "2027-06-15", status: "rejected" });
    await createVacation(acme, rita.id, { startDate: "2027-06-21", endDate: "2027-06-22", status: "cancelled" });
    const pending = (await createVacation(acme, rita.id, { startDate: "2027-06-28", endDate: "2027-06-29", status: "pending" })).id;
    const data = await myCalendarLoader(args(getRequest("/my-calendar?year=2027", await signIn("rita@screens.test"))));
    expect(data.upcoming.map((v) => v.id)).toEqual([approved, pending]);
    // The year's grid still shows the rejected one.
    expect(data.vacations.map((v) => v.status)).toContain("rejected");
  });

  it("gives a person's balances, upcoming vacations, holidays and client-safe holiday rows", async () => {
    const data = await myCalendarLoader(args(getRequest("/my-calendar?year=2027", cookies.eve)));
    expect(data.year).toBe(2027);
    expect(data.hasAllowance).toBe(true);
    // 5 approved working days used; 2 + 2 pending; the cancelled vacation counts for nothing.
    expect(data.balances.yearly).toEqual({ total: 22, used: 5, pending: 4, remaining: 13 });
    expect(data.balances.residual).toEqual({ total: 2, used: 0, pending: 0, remaining: 2 });
    expect(data.upcoming.map((v) => v.id)).toEqual([ids.eveApproved, ids.evePending, ids.evePending2]);
    expect(data.upcoming[0]).toMatchObject({ status: "approved", workingDays: 5, categoryId: "yearly_allowance" });
    // The grid gets every vacation of the year (cancelled ones too: the grid leaves them uncoloured).
    expect(data.vacations.map((v) => v.status).sort()).toEqual(["approved", "cancelled", "pending", "pending"]);
    expect(data.holidays).toEqual(
      expect.arrayContaining([
        { date: "2027-04-25", name: "Dia da Liberdade" },
        { date: "2027-03-26", name: "Sexta-feira Santa" },
      ]),
    );
    expect(data.holidays.some((h) => h.name === "Fête")).toBe(false);
    // Rows for the browser's working-day count: only the person's country.
    expect(data.holidayContext.rows.map((r) => r.countryCode)).toEqual(["PT", "PT"]);
    expect(data.categories.map((c) => c.id)).toContain("training");
  });

  it("defaults to the current year, ignores a nonsense year, and prefills the form from ?start=&end=", async () => {
    const current = Number(new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Lisbon", year: "numeric" }).format(new Date()));
    expect((await myCalendarLoader(args(getRequest("/my-calendar", cookies.eve)))).year).toBe(current);
    expect((await myCalendarLoader(args(getRequest("/my-calendar?year=20270", cookies.eve)))).year).toBe(current);
    const data = await myCalendarLoader(args(getRequest("/my-calendar?year=2027&new=1&start=2027-06-10&end=2027-06-07", cookies.eve)));
    expect(data.openNew).toBe(true);
    expect(data.prefill).toEqual({ startDate: "2027-06-07", endDate: "2027-06-10" });
  });

  it("shows dashes (no allowance) rather than zeros for a year before any allowance row", async () => {
    const data = await myCalendarLoader(args(getRequest("/my-calendar?year=2020", cookies.eve)));
    expect(data.hasAllowance).toBe(false);
  });

  it("carries the last yearly allowance into a year management has not set yet", async () => {
    const data = await myCalendarLoader(args(getRequest("/my-calendar?year=2031", cookies.eve)));
    expect(data.hasAllowance).toBe(true);
    expect(data.balances.yearly.total).toBe(22);
    // Carryover and special leave are granted per year: they start at 0.
    expect(data.balances.residual.total).toBe(0);
  });
});

describe("creating a vacation from the form", () => {
  it("creates a pending request and goes back to the calendar year with a notice", async () => {
    const response = (await myCalendarAction(
      args(postForm("/my-calendar?year=2027&new=1", request({ categoryId: "yearly_allowance", startDate: "2027-06-07", endDate: "2027-06-09", description: "Beach" }), cookies.eve)),
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/my-calendar?year=2027&created=1");
    const row = await getDb().vacation.findFirstOrThrow({ where: { userId: ids.eve, startDate: "2027-06-07" } });
    expect(row).toMatchObject({ status: "pending", endDate: "2027-06-09", description: "Beach", categoryId: "yearly_allowance" });
  });

  it("refuses an overlapping request with 409 and the overlap message, keeping the values", async () => {
    const before = await getDb().vacation.count({ where: { userId: ids.eve } });
    const { value, status } = unwrapData<FormReply>(
      await myCalendarAction(args(postForm("/my-calendar", request({ categoryId: "yearly_allowance", startDate: "2027-06-08", endDate: "2027-06-10", description: "Again" }), cookies.eve))),
    );
    expect(status).toBe(409);
    expect(value.result.error?.[""]).toEqual(["vacation.overlap"]);
    expect(value.result.initialValue).toMatchObject({ startDate: "2027-06-08", description: "Again" });
    expect(await getDb().vacation.count({ where: { userId: ids.eve } })).toBe(before);
  });

  it("refuses a start after the end next to the end date", async () => {
    const { value, status } = unwrapData<FormReply>(
      await myCalendarAction(args(postForm("/my-calendar", request({ categoryId: "yearly_allowance", startDate: "2027-07-09", endDate: "2027-07-05" }), cookies.eve))),
    );
    expect(status).toBe(400);
    expect(value.result.error?.endDate).toEqual(["vacation.startAfterEnd"]);
  });

  it("refuses a missing category (the button is only disabled when JavaScript runs)", async () => {
    const { value, status } = unwrapData<FormReply>(
      await myCalendarAction(args(postForm("/my-calendar", request({ startDate: "2027-07-05", endDate: "2027-07-06" }), cookies.eve))),
    );
    expect(status).toBe(400);
    expect(value.result.error?.categoryId).toEqual(["validation.categoryRequired"]);
  });

  it("refuses more days than the balance, with the figures for the message", async () => {
    const { value, status } = unwrapData<FormReply>(
      await myCalendarAction(args(postForm("/my-calendar", request({ categoryId: "yearly_allowance", startDate: "2027-10-04", endDate: "2027-11-12" }), cookies.eve))),
    );
    expect(status).toBe(409);
    expect(value.result.error?.[""]).toEqual(["vacation.insufficientBalance"]);
    expect(value.values).toMatchObject({ year: "2027", remaining: "10" });
    expect(Number(value.values.requested)).toBeGreaterThan(10);
  });

  it("refuses a request from a team without an admin", async () => {
    const { value, status } = unwrapData<FormReply>(
      await myCalendarAction(args(postForm("/my-calendar", request({ categoryId: "training", startDate: "2027-07-05", endDate: "2027-07-06" }), cookies.orphan))),
    );
    expect(status).toBe(409);
    expect(value.result.error?.[""]).toEqual(["vacation.noAdmin"]);
  });

  it("has the spec's texts for these messages in every language", () => {
    const { pt, en, es } = resources;
    expect(pt.common.vacation.startAfterEnd).toBe("A data inicial não pode ser posterior à data final.");
    expect(en.common.vacation.startAfterEnd).toBe("Initial date cannot supersede end date.");
    expect(pt.common.vacation.overlap).toBe("Já existem férias que colidem com estas datas. Ajusta o intervalo ou apaga a anterior.");
    expect(en.common.vacation.overlap).toBe(
      "There are already absences clashing with your selected dates. Please adjust the interval or erase previous absences.",
    );
    expect(en.common.vacation.noAdmin).toBe("Cannot create vacation: your team has no admin assigned. Please contact the company administrator.");
    for (const language of [pt, en, es]) {
      for (const text of [language.common.vacation.insufficientBalance_one, language.common.vacation.insufficientBalance_other]) {
        expect(text).toMatch(/\{\{requested\}\}.*\{\{remaining\}\}|\{\{remaining\}\}.*\{\{requested\}\}/);
      }
      expect(language.common.validation.categoryRequired).toBeTruthy();
    }
  });

  it("creates from the Absences page too, returning there", async () => {
    const response = (await vacationsAction(
      args(postForm("/vacations", request({ categoryId: "training", startDate: "2027-12-13", endDate: "2027-12-14" }), cookies.eve)),
    )) as Response;
    expect(response.headers.get("Location")).toBe("/vacations?created=1");
  });
});

describe("/vacations loader", () => {
  it("pages my vacations by offset, 10 by default", async () => {
    const first = await vacationsLoader(args(getRequest("/vacations", cookies.lou)));
    expect(first.mine).toMatchObject({ total: 13, offset: 0, limit: 10 });
    expect(first.mine.rows).toHaveLength(10);
    // Newest first, each with its working days and status.
    expect(first.mine.rows[0]).toMatchObject({ startDate: "2028-02-13", workingDays: 0, status: "pending", userName: "Lou Lister" });
    expect(first.mine.rows.find((r) => r.startDate === "2028-02-01")).toBeUndefined();
    const second = await vacationsLoader(args(getRequest("/vacations?page=2", cookies.lou)));
    expect(second.mine).toMatchObject({ total: 13, offset: 10 });
    expect(second.mine.rows.map((r) => r.startDate)).toEqual(["2028-02-03", "2028-02-02", "2028-02-01"]);
    const big = await vacationsLoader(args(getRequest("/vacations?size=25", cookies.lou)));
    expect(big.mine.rows).toHaveLength(13);
    // A size not offered falls back to 10.
    expect((await vacationsLoader(args(getRequest("/vacations?size=7", cookies.lou)))).mine.limit).toBe(10);
  });

  it("filters by status, category and date range", async () => {
    const approved = await vacationsLoader(args(getRequest("/vacations?status=approved", cookies.lou)));
    expect(approved.mine.total).toBe(3);
    expect(approved.mine.rows.every((r) => r.status === "approved")).toBe(true);
    const training = await vacationsLoader(args(getRequest("/vacations?type=training", cookies.lou)));
    expect(training.mine.rows.map((r) => r.startDate)).toEqual(["2028-02-13", "2028-02-12"]);
    const ranged = await vacationsLoader(args(getRequest("/vacations?from=2028-02-05&to=2028-02-07", cookies.lou)));
    expect(ranged.mine.rows.map((r) => r.startDate)).toEqual(["2028-02-07", "2028-02-06", "2028-02-05"]);
    // Unknown values are ignored rather than matching nothing.
    const odd = await vacationsLoader(args(getRequest("/vacations?status=lost&type=nope&from=yesterday", cookies.lou)));
    expect(odd.filters).toEqual({ type: "", from: "", to: "", status: "" });
    expect(odd.mine.total).toBe(13);
  });

  it("gives employees no company table", async () => {
    expect((await vacationsLoader(args(getRequest("/vacations", cookies.lou)))).company).toBeNull();
  });

  it("gives admins the company table with names, paged independently, never another company's rows", async () => {
    const data = await vacationsLoader(args(getRequest("/vacations?cpage=2&csize=10", cookies.boss)));
    const all = await getDb().vacation.count({ where: { companyId: acme } });
    expect(data.company).toMatchObject({ total: all, offset: 10, limit: 10 });
    expect(data.mine).toMatchObject({ total: 0, offset: 0 });
    const everything = await vacationsLoader(args(getRequest("/vacations?csize=100", cookies.boss)));
    const rows = everything.company!.rows;
    expect(rows).toHaveLength(all);
    expect(rows.some((r) => r.id === ids.globexPending)).toBe(false);
    expect(rows.find((r) => r.id === ids.evePending)).toMatchObject({ userName: "Eve Example", workingDays: 2, canApprove: true, canCancel: true });
    expect(rows.find((r) => r.id === ids.eveApproved)).toMatchObject({ canApprove: false });
  });
});

describe("deciding and deleting", () => {
  it("shows the pending requests a page at a time, soonest first, 50 unless another size is chosen", async () => {
    // More waiting than a page of 10 holds (removed again at the end).
    const eve = await getDb().user.findFirstOrThrow({ where: { email: "eve@screens.test" }, select: { id: true } });
    const extra = [];
    for (let week = 0; week < 12; week++) extra.push((await createVacation(acme, eve.id, { startDate: addDays("2028-01-03", week * 7), endDate: addDays("2028-01-04", week * 7), status: "pending" })).id);
    const all = await approvalsLoader(args(getRequest("/approvals", cookies.boss)));
    expect(all).toMatchObject({ offset: 0, limit: 50 });
    expect(all.total).toBeGreaterThan(12);
    expect(all.total).toBe(all.rows.length);
    expect(all.total).toBeGreaterThanOrEqual(2);
    const starts = all.rows.map((r) => r.startDate);
    expect(starts).toEqual([...starts].sort());
    const second = await approvalsLoader(args(getRequest("/approvals?size=10&page=2", cookies.boss)));
    expect(second).toMatchObject({ total: all.total, offset: 10, limit: 10 });
    expect(second.rows.map((r) => r.id)).toEqual(all.rows.slice(10, 20).map((r) => r.id));
    const first = await approvalsLoader(args(getRequest("/approvals?size=10&page=1", cookies.boss)));
    expect(first.rows.map((r) => r.id)).toEqual(all.rows.slice(0, 10).map((r) => r.id));
    expect(second.rows.length).toBeGreaterThan(0);
    // Another company's pending request is never counted or shown.
    expect(all.rows.some((r) => r.id === ids.globexPending)).toBe(false);
    await getDb().vacation.deleteMany({ where: { id: { in: extra } } });
  });

  it("lets a team admin approve and reject on /approvals, with a notice", async () => {
    const list = await approvalsLoader(args(getRequest("/approvals", cookies.boss)));
    expect(list.rows.map((r) => r.id)).toContain(ids.evePending);
    expect(list.rows.find((r) => r.id === ids.evePending)).toMatchObject({ userName: "Eve Example", workingDays: 2 });

    const approved = unwrapData<NoticeReply>(await approvalsAction(args(postForm("/approvals", { intent: "approve", id: ids.evePending }, cookies.boss))));
    expect(approved.status).toBe(200);
    expect(approved.value.notice).toMatchObject({ tone: "success", key: "absences.notices.approved" });
    expect(await statusOf(ids.evePending)).toBe("approved");

    const rejected = unwrapData<NoticeReply>(await approvalsAction(args(postForm("/approvals", { intent: "reject", id: ids.evePending2 }, cookies.boss))));
    expect(rejected.value.notice.key).toBe("absences.notices.rejected");
    expect(await statusOf(ids.evePending2)).toBe("rejected");
  });

  it("answers an already decided request with 409 and the reason, not an error page", async () => {
    const again = unwrapData<NoticeReply>(await approvalsAction(args(postForm("/approvals", { intent: "reject", id: ids.evePending }, cookies.boss))));
    expect(again.status).toBe(409);
    expect(again.value.notice).toMatchObject({ tone: "error", key: "absences.notices.rejectFailed", detail: "vacation.notPending" });
    expect(await statusOf(ids.evePending)).toBe("approved");
  });

  it("refuses employees: /approvals is 403, and approve/cancel of others' vacations change nothing", async () => {
    const lousPending = (await getDb().vacation.findFirstOrThrow({ where: { userId: ids.lou, status: "pending" } })).id;
    // An action refused by the sign-in checks answers with the one action shape and its status.
    const page = unwrapData<NoticeReply>(await approvalsAction(args(postForm("/approvals", { intent: "approve", id: lousPending }, cookies.eve))));
    expect(page.status).toBe(403);
    expect(page.value.notice).toMatchObject({ tone: "error", detail: "errors.forbidden" });

    const approve = unwrapData<NoticeReply>(await vacationsAction(args(postForm("/vacations", { intent: "approve", id: lousPending }, cookies.eve))));
    expect(approve.status).toBe(403);
    const cancel = unwrapData<NoticeReply>(await vacationsAction(args(postForm("/vacations", { intent: "cancel", id: lousPending, confirmed: "1" }, cookies.eve))));
    expect(cancel.status).toBe(403);
    expect(cancel.value.notice.detail).toBe("errors.forbidden");
    expect(await statusOf(lousPending)).toBe("pending");
  });

  it("never touches another company's vacation: 404 for its id, still pending", async () => {
    for (const intent of ["approve", "reject"]) {
      const result = unwrapData<NoticeReply>(await approvalsAction(args(postForm("/approvals", { intent, id: ids.globexPending }, cookies.boss))));
      expect(result.status).toBe(404);
      expect(result.value.notice.detail).toBe("vacation.notFound");
    }
    const cancel = unwrapData<NoticeReply>(await vacationsAction(args(postForm("/vacations", { intent: "cancel", id: ids.globexPending, confirmed: "1" }, cookies.boss))));
    expect(cancel.status).toBe(404);
    expect(await statusOf(ids.globexPending)).toBe("pending");
    // And Globex's owner sees none of Acme's vacations.
    const globexView = await vacationsLoader(args(getRequest("/vacations?csize=100", cookies.globex)));
    expect(globexView.company!.rows.map((r) => r.id)).toEqual([ids.globexPending]);
    expect((await approvalsLoader(args(getRequest("/approvals", cookies.globex)))).rows.map((r) => r.id)).toEqual([ids.globexPending]);
  });

  it("asks before cancelling: a POST without confirmed=1 cancels nothing and answers with the question", async () => {
    const mine = (await getDb().vacation.findFirstOrThrow({ where: { userId: ids.lou, status: "pending" } })).id;
    const asked = unwrapData<{ confirm: { fields: Record<string, string> } }>(
      await vacationsAction(args(postForm("/vacations?page=2", { intent: "cancel", id: mine }, cookies.lou))),
    );
    expect(asked.status).toBe(200);
    // The fields to post again, with confirmed=1, from the page's "Yes" form.
    expect(asked.value.confirm.fields).toEqual({ intent: "cancel", id: mine });
    expect(asked.value).not.toHaveProperty("notice");
    expect(await statusOf(mine)).toBe("pending");
    const notConfirmed = unwrapData(await vacationsAction(args(postForm("/vacations", { intent: "cancel", id: mine, confirmed: "0" }, cookies.lou))));
    expect(notConfirmed.value).toHaveProperty("confirm");
    expect(await statusOf(mine)).toBe("pending");
  });

  it("lets the owner of a vacation cancel it from the Absences page once confirmed", async () => {
    const mine = (await getDb().vacation.findFirstOrThrow({ where: { userId: ids.lou, status: "pending" } })).id;
    const result = unwrapData<NoticeReply>(await vacationsAction(args(postForm("/vacations?page=2", { intent: "cancel", id: mine, confirmed: "1" }, cookies.lou))));
    expect(result.status).toBe(200);
    expect(result.value.notice).toMatchObject({ tone: "success", key: "absences.notices.cancelled" });
    expect(await statusOf(mine)).toBe("cancelled");
    const again = unwrapData<NoticeReply>(await vacationsAction(args(postForm("/vacations", { intent: "cancel", id: mine, confirmed: "1" }, cookies.lou))));
    expect(again.status).toBe(409);
    expect(again.value.notice.detail).toBe("vacation.alreadyCancelled");
  });

  it("answers a malformed row action with 400", async () => {
    const result = unwrapData<NoticeReply>(await vacationsAction(args(postForm("/vacations", { intent: "explode", id: "x" }, cookies.lou))));
    expect(result.status).toBe(400);
  });
});
