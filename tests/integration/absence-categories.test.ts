// Absence categories: the model's rules, the settings tab's intents and the API, signed in like a
// browser or with a token; another company's ids and an employee are refused everywhere. Also the
// request side: a category that needs no approval is recorded approved, with nothing to review.
import { beforeAll, describe, expect, it } from "vitest";
import { createAbsenceCategory, deleteAbsenceCategory, slugOf, updateAbsenceCategory } from "~/models/absence-category.server";
import { createVacation } from "~/models/vacation.server";
import { action as categoriesApi, loader as categoriesListApi } from "~/api/absence-categories";
import { action as categoryApi, loader as categoryGetApi } from "~/api/absence-categories.$id";
import { action as apiLogin } from "~/api/auth.login";
import { action as createVacationApi } from "~/api/vacations._index";
import { action as absenceCategoriesAction, loader as absenceCategoriesLoader } from "~/routes/_app.company-settings.absence-types/route";
import { action as myCalendarAction } from "~/routes/_app.my-calendar";
import { loader as vacationsLoader } from "~/routes/_app.vacations";
import { action as loginAction } from "~/routes/login";
import { getDb } from "~/utils/db.server";
import { AppError } from "~/utils/errors.server";
import type { Viewer } from "~/utils/permissions.server";
import { createCompany, createTeam, createUser, TEST_PASSWORD, viewerFor } from "../support/factories";
import { args, cookiesFrom, getRequest, postForm, run, unwrapData } from "../support/http";

type Json = Record<string, unknown>;
interface Reply {
  notice?: { tone: string; key: string; detail?: string };
  result?: { status?: string; error?: Record<string, string[] | null> };
  confirm?: { fields: Record<string, string> };
}

let acme: string;
let globex: string;
let owner: Viewer;
let employee: Viewer;
let globexOwner: Viewer;
const emails: Record<string, string> = {};
const cookies: Record<string, string> = {};
const tokens: Record<string, string> = {};

function apiCall(path: string, method: string, token: string, body?: unknown) {
  return new Request(`http://localhost${path}`, {
    method,
    headers: { "Content-Type": "application/json", "Accept-Language": "en", Authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function signIn(email: string) {
  const response = (await loginAction(args(postForm("/login", { email, password: TEST_PASSWORD })))) as Response;
  expect(response.status).toBe(302);
  return cookiesFrom(response);
}

async function tokenFor(email: string) {
  const response = await apiLogin(args(new Request("http://localhost/api/auth/login", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email, password: TEST_PASSWORD }) })));
  return ((await response.json()) as { access_token: string }).access_token;
}

/** Posts an intent of the absence-types tab; answers the redirect (a Response) or the reply and its status. */
async function post(who: string, fields: Record<string, string>) {
  const answer = await run(() => absenceCategoriesAction(args(postForm("/company-settings/absence-types", fields, cookies[who]))));
  if (answer instanceof Response) return { response: answer, status: answer.status, value: {} as Reply };
  const { value, status } = unwrapData<Reply>(answer);
  return { response: null, status, value };
}

const typeOf = (id: string, companyId = acme) => getDb().absenceCategory.findUnique({ where: { companyId_id: { companyId, id } } });
const auditsOf = (entityId: string, companyId = acme) =>
  getDb().auditEntry.findMany({ where: { companyId, entityId }, orderBy: { createdAt: "asc" } }).then((rows) => rows.map((row) => ({ ...row, details: JSON.parse(row.details) })));

beforeAll(async () => {
  acme = (await createCompany("Acme")).id;
  globex = (await createCompany("Globex")).id;
  const ownerUser = await createUser(acme, { role: "owner", email: "owner@types.test", fullName: "Olga Owner" });
  const lead = await createUser(acme, { role: "admin", email: "lead@types.test", fullName: "Lea Lead" });
  const team = await createTeam(acme, "Crew", [lead.id]);
  const employeeUser = await createUser(acme, { email: "eve@types.test", fullName: "Eve Employee", teamId: team.id, preferredLanguage: "en" });
  const globexUser = await createUser(globex, { role: "owner", email: "owner@globex-types.test" });
  Object.assign(emails, { owner: ownerUser.email, lead: lead.email, employee: employeeUser.email, globex: globexUser.email });
  [owner, employee, globexOwner] = await Promise.all([ownerUser, employeeUser, globexUser].map(viewerFor));
  for (const who of ["owner", "employee"]) {
    cookies[who] = await signIn(emails[who]);
    tokens[who] = await tokenFor(emails[who]);
  }
});

describe("creating and changing categories", () => {
  it("derives a stable id from the name, unique in the company, and audits the new values", async () => {
    expect(slugOf("Baixa médica (CIT)")).toBe("baixa_medica_cit");
    expect(slugOf("¿¿??")).toBe("type");
    const first = await createAbsenceCategory(owner, { name: "Doação de sangue", color: "#aa0000", balance: "none", requiresApproval: false });
    expect(first).toMatchObject({ id: "doacao_de_sangue", active: true, requiresApproval: false, sortOrder: 6 });
    const second = await createAbsenceCategory(owner, { name: "Doação de sangue!", color: "#aa0000", balance: "none", requiresApproval: true });
    expect(second.id).toBe("doacao_de_sangue_2");
    const [audit] = await auditsOf(first.id);
    expect(audit).toMatchObject({ action: "absence_type.created", entity: "absence_type", actorId: owner.userId });
    expect(audit.details).toMatchObject({ name: { old: null, new: "Doação de sangue" }, requires_approval: { old: null, new: false }, balance: { old: null, new: "none" } });
  });

  it("refuses a name another category goes by, in any case and in any language", async () => {
    for (const name of ["DOAÇÃO DE SANGUE", "sick leave", "Baixa médica", "Baja por enfermedad"]) {
      await expect(createAbsenceCategory(owner, { name, color: "#000000", balance: "none", requiresApproval: true })).rejects.toMatchObject({ status: 409, code: "name_taken", fields: { name: "absenceTypes.errors.nameTaken" } });
    }
  });

  it("renames and recolours with the old and new values audited; a renamed seeded category no longer goes by its translations", async () => {
    const updated = await updateAbsenceCategory(owner, "training", { name: "Courses", color: "#123456" });
    expect(updated).toMatchObject({ name: "Courses", color: "#123456" });
    const audit = (await auditsOf("training")).at(-1)!;
    expect(audit.action).toBe("absence_type.updated");
    expect(audit.details).toEqual({ name: { old: "Training", new: "Courses" }, color: { old: "#ef6c00", new: "#123456" } });
    // "Formação" was the seeded category's Portuguese name; now it is free.
    const formacao = await createAbsenceCategory(owner, { name: "Formação", color: "#000000", balance: "none", requiresApproval: true });
    await deleteAbsenceCategory(owner, formacao.id);
  });

  it("keeps the balance of a category in use, changes it while unused", async () => {
    const fresh = await createAbsenceCategory(owner, { name: "Moving day", color: "#000000", balance: "none", requiresApproval: true });
    expect((await updateAbsenceCategory(owner, fresh.id, { balance: "special" })).balance).toBe("special");
    await getDb().vacation.create({ data: { companyId: acme, userId: employee.userId, categoryId: fresh.id, startDate: "2031-01-06", endDate: "2031-01-06", status: "cancelled" } });
    await expect(updateAbsenceCategory(owner, fresh.id, { balance: "yearly" })).rejects.toMatchObject({ status: 409, code: "balance_locked" });
    expect((await updateAbsenceCategory(owner, fresh.id, { name: "Moving house" })).name).toBe("Moving house");
  });

  it("deletes a category never used; one in use is only deactivated", async () => {
    const unused = await createAbsenceCategory(owner, { name: "Never used", color: "#000000", balance: "none", requiresApproval: true });
    await deleteAbsenceCategory(owner, unused.id);
    expect(await typeOf(unused.id)).toBeNull();
    expect((await auditsOf(unused.id)).at(-1)).toMatchObject({ action: "absence_type.deleted", details: { name: { old: "Never used", new: null } } });
    await expect(deleteAbsenceCategory(owner, "moving_day")).rejects.toMatchObject({ status: 409, code: "type_in_use" });
    expect(await typeOf("moving_day")).not.toBeNull();
  });

  it("keeps at least one category active", async () => {
    const lonely = (await createCompany("Lonely")).id;
    const lonelyOwner = await viewerFor(await createUser(lonely, { role: "owner" }));
    const ids = (await getDb().absenceCategory.findMany({ where: { companyId: lonely }, select: { id: true } })).map((row) => row.id);
    for (const id of ids.slice(1)) await updateAbsenceCategory(lonelyOwner, id, { active: false });
    await expect(updateAbsenceCategory(lonelyOwner, ids[0], { active: false })).rejects.toMatchObject({ status: 409, code: "last_active_type" });
    await expect(deleteAbsenceCategory(lonelyOwner, ids[0])).rejects.toMatchObject({ status: 409, code: "last_active_type" });
    await updateAbsenceCategory(lonelyOwner, ids[1], { active: true });
    expect((await auditsOf(ids[1], lonely)).map((row) => row.action)).toEqual(["absence_type.deactivated", "absence_type.activated"]);
    expect((await auditsOf(ids[1], lonely))[1].details).toEqual({ active: { old: false, new: true } });
  });

  it("is for company admins only, and never reaches another company's categories", async () => {
    await expect(createAbsenceCategory(employee, { name: "Mine", color: "#000000", balance: "none", requiresApproval: false })).rejects.toMatchObject({ status: 403 });
    await expect(updateAbsenceCategory(employee, "sick_leave", { requiresApproval: false })).rejects.toMatchObject({ status: 403 });
    await expect(deleteAbsenceCategory(employee, "doacao_de_sangue_2")).rejects.toMatchObject({ status: 403 });
    await expect(updateAbsenceCategory(globexOwner, "doacao_de_sangue", { active: false })).rejects.toMatchObject({ status: 404 });
    await expect(deleteAbsenceCategory(globexOwner, "doacao_de_sangue_2")).rejects.toMatchObject({ status: 404 });
    expect(await typeOf("doacao_de_sangue_2")).not.toBeNull();
    // The same id in another company is that company's own category.
    await updateAbsenceCategory(globexOwner, "training", { name: "Globex training" });
    expect((await typeOf("training"))?.name).toBe("Courses");
  });
});

describe("requesting a category that needs no approval", () => {
  it("is approved on creation by nobody, audited so, with no review e-mail and no decision links", async () => {
    const before = new Date();
    const { vacation } = await createVacation(employee, { startDate: "2030-03-04", endDate: "2030-03-05", halfDayStart: false, halfDayEnd: false, description: "Donation", categoryId: "doacao_de_sangue", recipientType: "team_admins" });
    expect(vacation).toMatchObject({ status: "approved", reviewerId: null, autoApproved: false });
    expect(vacation.reviewedAt!.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    expect((await auditsOf(vacation.id))).toMatchObject([{ action: "vacation.created", actorId: employee.userId, details: { status: "approved", approval_required: false } }]);
    expect(await getDb().vacationActionToken.count({ where: { vacationId: vacation.id } })).toBe(0);
    const mails = await getDb().emailOutbox.findMany({ where: { companyId: acme, createdAt: { gte: before } } });
    expect(mails.map((mail) => mail.to)).toEqual([emails.lead]);
    // The reviewer has no language of their own: the requester's (English).
    expect(mails[0].subject).toMatch(/^Absence recorded: Eve Employee/);
    expect(mails[0].text).not.toContain("vacation-decision");
  });

  it("still asks for a request of a category that needs approval", async () => {
    const before = new Date();
    const { vacation } = await createVacation(employee, { startDate: "2030-04-01", endDate: "2030-04-01", halfDayStart: false, halfDayEnd: false, description: "", categoryId: "doacao_de_sangue_2", recipientType: "team_admins" });
    expect(vacation.status).toBe("pending");
    const mails = await getDb().emailOutbox.findMany({ where: { companyId: acme, createdAt: { gte: before } } });
    expect(mails[0].text).toContain("vacation-decision");
  });

  it("still checks the balance it draws on", async () => {
    const yearly = await createAbsenceCategory(owner, { name: "Quick leave", color: "#000000", balance: "yearly", requiresApproval: false });
    await expect(
      createVacation(employee, { startDate: "2030-05-06", endDate: "2030-05-06", halfDayStart: false, halfDayEnd: false, description: "", categoryId: yearly.id, recipientType: "team_admins" }),
    ).rejects.toMatchObject({ status: 409, code: "insufficient_balance" });
  });

  it("refuses an inactive category", async () => {
    await updateAbsenceCategory(owner, "unpaid_leave", { active: false });
    const error = await createVacation(employee, { startDate: "2030-06-03", endDate: "2030-06-03", halfDayStart: false, halfDayEnd: false, description: "", categoryId: "unpaid_leave", recipientType: "team_admins" }).catch((e) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 400, code: "invalid_category" });
    await updateAbsenceCategory(owner, "unpaid_leave", { active: true });
  });

  it("says 'recorded' on screen, and the API answers approved", async () => {
    const response = (await myCalendarAction(args(postForm("/my-calendar", { startDate: "2030-07-01", endDate: "2030-07-01", categoryId: "doacao_de_sangue", recipientType: "team_admins" }, cookies.employee)))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/my-calendar?year=2030&created=recorded");
    const page = unwrapData<{ created: string | null }>(await vacationsLoader(args(getRequest("/vacations?created=recorded", cookies.employee)))).value;
    expect(page.created).toBe("recorded");
    const api = await createVacationApi(args(apiCall("/api/vacations", "POST", tokens.employee, { start_date: "2030-07-08", end_date: "2030-07-08", absence_category_id: "doacao_de_sangue" })));
    expect(api.status).toBe(201);
    expect(await api.json()).toMatchObject({ status: "approved", reviewer_id: null, auto_approved: false });
  });
});

describe("the absence-types tab", () => {
  it("lists every category with its use, the form of the category being edited and the last change", async () => {
    const page = unwrapData<{ categories: { id: string; uses: number; active: boolean }[]; editing: string | null; done: { key: string; id: string } | null }>(
      await absenceCategoriesLoader(args(getRequest("/company-settings/absence-types?edit=sick_leave&saved=training", cookies.owner))),
    ).value;
    const { categories, editing, done } = page;
    expect(categories.find((category) => category.id === "doacao_de_sangue")?.uses).toBeGreaterThanOrEqual(2);
    expect(categories.find((category) => category.id === "sick_leave")?.uses).toBe(0);
    expect(editing).toBe("sick_leave");
    expect(done).toEqual({ key: "absenceTypes.notices.saved", id: "training" });
    const foreign = unwrapData<{ editing: string | null }>(await absenceCategoriesLoader(args(getRequest("/company-settings/absence-types?edit=nope", cookies.owner)))).value;
    expect(foreign.editing).toBeNull();
  });

  it("creates, then shows the new category's name; a bad form answers its fields", async () => {
    const created = await post("owner", { intent: "absence-types.create", name: "  Jury duty ", color: "#3366CC", balance: "none", requiresApproval: "on" });
    expect(created.status).toBe(302);
    expect(created.response!.headers.get("Location")).toBe("/company-settings/absence-types?created=jury_duty");
    expect(await typeOf("jury_duty")).toMatchObject({ name: "Jury duty", color: "#3366cc", requiresApproval: true, active: true });
    const bad = await post("owner", { intent: "absence-types.create", name: " ", color: "red", balance: "holidays" });
    expect(bad.status).toBe(400);
    expect(bad.value.result?.error).toMatchObject({ name: ["absenceTypes.errors.nameRequired"], color: ["absenceTypes.errors.colorInvalid"], balance: ["absenceTypes.errors.balanceInvalid"] });
    const long = await post("owner", { intent: "absence-types.create", name: "x".repeat(61), color: "#000000", balance: "none" });
    expect(long.value.result?.error).toMatchObject({ name: ["absenceTypes.errors.nameTooLong"] });
    const taken = await post("owner", { intent: "absence-types.create", name: "jury DUTY", color: "#000000", balance: "none" });
    expect(taken.status).toBe(409);
    expect(taken.value.result?.error).toMatchObject({ name: ["absenceTypes.errors.nameTaken"] });
  });

  it("updates; the translated name sent back unchanged is no rename", async () => {
    // The Portuguese form shows "Baixa médica" for the seeded "Sick leave".
    const saved = await post("owner", { intent: "absence-types.update", typeId: "sick_leave", name: "Baixa médica", color: "#c62828", balance: "none" });
    expect(saved.response!.headers.get("Location")).toBe("/company-settings/absence-types?saved=sick_leave");
    // The seeded sickness type is reported and asks for a document (decision 0092); unticked, both go.
    expect(await typeOf("sick_leave")).toMatchObject({ name: "Sick leave", requiresApproval: false, reported: false, documentRequired: false });
    expect((await auditsOf("sick_leave")).at(-1)?.details).toEqual({ reported: { old: true, new: false }, document_required: { old: true, new: false } });
    await post("owner", { intent: "absence-types.update", typeId: "sick_leave", name: "Doença", color: "#c62828", balance: "none" });
    expect((await typeOf("sick_leave"))?.name).toBe("Doença");
  });

  it("deactivates and reactivates with a notice", async () => {
    const off = await post("owner", { intent: "absence-types.deactivate", typeId: "jury_duty" });
    expect(off.value.notice).toEqual({ tone: "success", key: "absenceTypes.notices.deactivated" });
    expect((await typeOf("jury_duty"))?.active).toBe(false);
    const on = await post("owner", { intent: "absence-types.activate", typeId: "jury_duty" });
    expect(on.value.notice?.key).toBe("absenceTypes.notices.activated");
    expect((await typeOf("jury_duty"))?.active).toBe(true);
  });

  it("deletes only once confirmed, and refuses a category in use with the reason", async () => {
    const asked = await post("owner", { intent: "absence-types.delete", typeId: "jury_duty" });
    expect(asked.value.confirm?.fields).toEqual({ intent: "absence-types.delete", typeId: "jury_duty" });
    expect(await typeOf("jury_duty")).not.toBeNull();
    const done = await post("owner", { intent: "absence-types.delete", typeId: "jury_duty", confirmed: "1" });
    expect(done.value.notice?.key).toBe("absenceTypes.notices.deleted");
    expect(await typeOf("jury_duty")).toBeNull();
    const inUse = await post("owner", { intent: "absence-types.delete", typeId: "doacao_de_sangue", confirmed: "1" });
    expect(inUse.status).toBe(409);
    expect(inUse.value.notice).toMatchObject({ tone: "error", key: "absenceTypes.notices.deleteFailed", detail: "absenceTypes.errors.inUse" });
  });

  it("answers another company's category with a 404 on every intent", async () => {
    const globexOnly = await createAbsenceCategory(globexOwner, { name: "Globex only", color: "#000000", balance: "none", requiresApproval: true });
    for (const intent of ["absence-types.deactivate", "absence-types.activate", "absence-types.delete"]) {
      const answer = await post("owner", { intent, typeId: globexOnly.id, confirmed: "1" });
      expect(answer.status, intent).toBe(404);
    }
    const update = await post("owner", { intent: "absence-types.update", typeId: globexOnly.id, name: "Taken over", color: "#000000", balance: "none" });
    expect(update.status).toBe(404);
    expect(await typeOf(globexOnly.id, globex)).toMatchObject({ name: "Globex only", active: true });
  });

  it("refuses an employee every intent (403) and the page itself", async () => {
    const intents: Record<string, string>[] = [
      { intent: "absence-types.create", name: "Employee's", color: "#000000", balance: "none" },
      { intent: "absence-types.update", typeId: "sick_leave", name: "Hacked", color: "#000000", balance: "none" },
      { intent: "absence-types.deactivate", typeId: "sick_leave" },
      { intent: "absence-types.activate", typeId: "sick_leave" },
      { intent: "absence-types.delete", typeId: "doacao_de_sangue_2" },
      { intent: "absence-types.delete", typeId: "doacao_de_sangue_2", confirmed: "1" },
    ];
    for (const fields of intents) expect((await post("employee", fields)).status, fields.intent).toBe(403);
    expect(await typeOf("sick_leave")).toMatchObject({ name: "Doença", active: true });
    const page = await run(() => absenceCategoriesLoader(args(getRequest("/company-settings/absence-types", cookies.employee))));
    expect(page).toBeInstanceOf(Response);
    expect((page as Response).status).toBe(403);
  });
});

describe("the API", () => {
  it("lists every category with its approval rule and order", async () => {
    const response = await categoriesListApi(args(apiCall("/api/absence-categories", "GET", tokens.employee)));
    const list = (await response.json()) as Json[];
    expect(list[0]).toEqual({ id: "yearly_allowance", name: "Vacation", color: "#2e7d32", active: true, unit: "day", balance: "yearly", accrues: false, requires_approval: true, sort_order: 0,
      min_notice_days: null, min_notice_mode: "block", max_consecutive_days: null, max_consecutive_mode: "block", min_request_days: null, min_request_mode: "block",
      reported: false, document_required: false, document_after_days: null, document_mode: "block" });
    expect(list.find((category) => category.id === "doacao_de_sangue")).toMatchObject({ requires_approval: false, sort_order: 6 });
    expect(list.map((category) => category.id)).not.toContain("globex_only");
  });

  it("creates and updates for an admin, with defaults and audit", async () => {
    const created = await categoriesApi(args(apiCall("/api/absence-categories", "POST", tokens.owner, { name: "Remote day", requires_approval: false })));
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ id: "remote_day", name: "Remote day", color: "#00897b", balance: "none", requires_approval: false, active: true });
    const patched = await categoryApi(args(apiCall("/api/absence-categories/remote_day", "PATCH", tokens.owner, { active: false, color: "#FF0000" }), { id: "remote_day" }));
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({ active: false, color: "#ff0000" });
    expect((await auditsOf("remote_day")).at(-1)).toMatchObject({ action: "absence_type.updated", details: { active: { old: true, new: false }, color: { old: "#00897b", new: "#ff0000" } } });
    const one = await categoryGetApi(args(apiCall("/api/absence-categories/remote_day", "GET", tokens.employee), { id: "remote_day" }));
    expect(await one.json()).toMatchObject({ id: "remote_day", active: false });
  });

  it("answers validation errors and refusals with {detail} in the caller's language", async () => {
    const bad = await categoriesApi(args(apiCall("/api/absence-categories", "POST", tokens.owner, { name: "", color: "blue" })));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ detail: "Enter the absence type's name.", fields: { name: "Enter the absence type's name.", color: "Choose a colour (#rrggbb)." } });
    const used = await categoryApi(args(apiCall("/api/absence-categories/doacao_de_sangue", "DELETE", tokens.owner), { id: "doacao_de_sangue" }));
    expect(used.status).toBe(409);
    expect(await used.json()).toEqual({ detail: "This absence type has been used and cannot be deleted. Deactivate it instead." });
    const unused = await categoryApi(args(apiCall("/api/absence-categories/remote_day", "DELETE", tokens.owner), { id: "remote_day" }));
    expect(unused.status).toBe(204);
  });

  it("refuses an employee's writes (403) and another company's ids (404)", async () => {
    const post = await categoriesApi(args(apiCall("/api/absence-categories", "POST", tokens.employee, { name: "Mine" })));
    expect(post.status).toBe(403);
    expect(await post.json()).toEqual({ detail: expect.any(String) });
    for (const method of ["PATCH", "DELETE"]) {
      const response = await categoryApi(args(apiCall("/api/absence-categories/sick_leave", method, tokens.employee, method === "PATCH" ? { active: false } : undefined), { id: "sick_leave" }));
      expect(response.status, method).toBe(403);
    }
    const foreign = await getDb().absenceCategory.findFirstOrThrow({ where: { companyId: globex, id: "globex_only" } });
    for (const method of ["GET", "PATCH", "DELETE"]) {
      const request = apiCall(`/api/absence-categories/${foreign.id}`, method, tokens.owner, method === "PATCH" ? { name: "Mine now" } : undefined);
      const response = method === "GET" ? await categoryGetApi(args(request, { id: foreign.id })) : await categoryApi(args(request, { id: foreign.id }));
      expect(response.status, method).toBe(404);
      expect(await response.json()).toEqual({ detail: "Absence type not found." });
    }
    expect(await typeOf("globex_only", globex)).toMatchObject({ name: "Globex only" });
    const wrongMethod = await categoriesApi(args(apiCall("/api/absence-categories", "PUT", tokens.owner, {})));
    expect(wrongMethod.status).toBe(405);
  });
});
