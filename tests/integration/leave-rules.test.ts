// Leave-type rules (issue 41, decision 0087): each rule warns or blocks, on the API and the form
// action alike; a warning is kept on the request for the approver.
import { beforeAll, describe, expect, it } from "vitest";
import { action as categoriesApi } from "~/api/absence-categories";
import { action as categoryApi } from "~/api/absence-categories.$id";
import { action as apiLogin } from "~/api/auth.login";
import { action as createVacationApi } from "~/api/vacations._index";
import { loader as approvalsLoader } from "~/routes/_app.approvals";
import { action as myCalendarAction } from "~/routes/_app.my-calendar";
import { loader as vacationsLoader } from "~/routes/_app.vacations";
import { action as loginAction } from "~/routes/login";
import { getDb } from "~/utils/db.server";
import { createCompany, createTeam, createUser, TEST_PASSWORD } from "../support/factories";
import { args, cookiesFrom, getRequest, postForm, run, unwrapData } from "../support/http";

type Json = Record<string, unknown>;
const cookies: Record<string, string> = {};
const tokens: Record<string, string> = {};
let companyId: string;

function apiCall(path: string, method: string, token: string, body?: unknown) {
  return new Request(`http://localhost${path}`, {
    method,
    headers: { "Content-Type": "application/json", "Accept-Language": "en", Authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function signIn(email: string) {
  cookies[email] = cookiesFrom((await loginAction(args(postForm("/login", { email, password: TEST_PASSWORD })))) as Response);
  const response = await apiLogin(args(new Request("http://localhost/api/auth/login", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email, password: TEST_PASSWORD }) })));
  tokens[email] = ((await response.json()) as { access_token: string }).access_token;
}

const LEAD = "lead@rules.test";
const EVE = "eve@rules.test";

async function setRules(id: string, rules: Json) {
  const response = await categoryApi(args(apiCall(`/api/absence-categories/${id}`, "PATCH", tokens[LEAD], rules), { id }));
  expect(response.status).toBe(200);
  return (await response.json()) as Json;
}

function requestByApi(start: string, end: string, extra: Json = {}) {
  return createVacationApi(args(apiCall("/api/vacations", "POST", tokens[EVE], { start_date: start, end_date: end, absence_category_id: "course", ...extra })));
}

async function requestByForm(start: string, end: string) {
  const answer = await run(() => myCalendarAction(args(postForm("/my-calendar", { startDate: start, endDate: end, categoryId: "course", recipientType: "team_admins" }, cookies[EVE]))));
  if (answer instanceof Response) return { status: answer.status, location: answer.headers.get("Location"), formErrors: [] as string[] };
  const { value, status } = unwrapData<{ result?: { error?: Record<string, string[] | null> } }>(answer);
  return { status, location: null, formErrors: value.result?.error?.[""] ?? [] };
}

beforeAll(async () => {
  companyId = (await createCompany("Rules")).id;
  const lead = await createUser(companyId, { role: "admin", email: LEAD, fullName: "Lea Lead" });
  const team = await createTeam(companyId, "Crew", [lead.id]);
  await createUser(companyId, { email: EVE, fullName: "Eve Employee", teamId: team.id, preferredLanguage: "en" });
  await signIn(LEAD);
  await signIn(EVE);
  const created = await categoriesApi(args(apiCall("/api/absence-categories", "POST", tokens[LEAD], { name: "Course", balance: "none", max_consecutive_days: 3, max_consecutive_mode: "warn" })));
  expect(created.status).toBe(201);
  expect(await created.json()).toMatchObject({ id: "course", max_consecutive_days: 3, max_consecutive_mode: "warn", min_notice_days: null, min_request_days: null });
});

describe("leave-type rules", () => {
  it("only admins set them, and a bad value is refused", async () => {
    const byEmployee = await categoryApi(args(apiCall("/api/absence-categories/course", "PATCH", tokens[EVE], { min_notice_days: 1 }), { id: "course" }));
    expect(byEmployee.status).toBe(403);
    const bad = await categoryApi(args(apiCall("/api/absence-categories/course", "PATCH", tokens[LEAD], { min_request_days: 0.3 }), { id: "course" }));
    expect(bad.status).toBe(400);
  });

  it("minimum notice blocks with a 409 naming the rule on the API and the form, and warns when set so", async () => {
    // 3000 days: any date of 2031 is too soon from today.
    await setRules("course", { min_notice_days: 3000, min_notice_mode: "block" });
    const api = await requestByApi("2031-03-03", "2031-03-03");
    expect(api.status).toBe(409);
    expect(((await api.json()) as Json).detail).toContain("3000 days' notice");
    const form = await requestByForm("2031-03-03", "2031-03-03");
    expect(form.status).toBe(409);
    expect(form.formErrors).toEqual(["leaveRules.findings.minNotice"]);
    await setRules("course", { min_notice_mode: "warn" });
    const warned = await requestByApi("2031-03-04", "2031-03-04");
    expect(warned.status).toBe(201);
    const answer = (await warned.json()) as Json;
    // The caller is told, in its language, with the date as people read it.
    expect(answer.rule_warnings).toEqual([{ code: "minNotice", detail: "This absence type needs 3000 days' notice; a request starting on 4\u00a0Mar\u00a02031 has less." }]);
    const row = await getDb().vacation.findUniqueOrThrow({ where: { id: answer.id as string } });
    expect(JSON.parse(row.ruleWarnings!)).toEqual([{ key: "leaveRules.findings.minNotice", params: { days: "3000", startDate: "2031-03-04" } }]);
    await setRules("course", { min_notice_days: null });
  });

  it("most consecutive working days warns: the form goes through, the requester and the approver see the warning", async () => {
    // Mon 2031-03-10 … Thu 13: four working days, one more than allowed.
    const form = await requestByForm("2031-03-10", "2031-03-13");
    expect(form.status).toBe(302);
    const warnedId = new URL(form.location!, "http://localhost").searchParams.get("warned");
    expect(warnedId).toBeTruthy();
    const page = unwrapData<{ ruleWarnings: { key: string; params: Json }[] }>(await vacationsLoader(args(getRequest(`/vacations?created=1&warned=${warnedId}`, cookies[EVE])))).value;
    expect(page.ruleWarnings).toEqual([{ key: "leaveRules.findings.maxConsecutive", params: { days: "3", requested: "4" } }]);
    // Another person cannot read someone's warnings through the parameter.
    const other = unwrapData<{ ruleWarnings: unknown[] }>(await vacationsLoader(args(getRequest(`/vacations?warned=${warnedId}`, cookies[LEAD])))).value;
    expect(other.ruleWarnings).toEqual([]);
    const approvals = unwrapData<{ rows: { id: string; ruleWarnings?: { key: string }[] }[] }>(await approvalsLoader(args(getRequest("/approvals", cookies[LEAD])))).value;
    expect(approvals.rows.find((row) => row.id === warnedId)?.ruleWarnings).toEqual([{ key: "leaveRules.findings.maxConsecutive", params: { days: "3", requested: "4" } }]);
  });

  it("most consecutive working days blocks when set so", async () => {
    await setRules("course", { max_consecutive_mode: "block" });
    const api = await requestByApi("2031-03-17", "2031-03-20");
    expect(api.status).toBe(409);
    expect(((await api.json()) as Json).detail).toBe("This absence type allows at most 3 working days in one request; this one takes 4.");
    const form = await requestByForm("2031-03-17", "2031-03-20");
    expect(form.status).toBe(409);
    await setRules("course", { max_consecutive_days: null });
  });

  it("the shortest request refuses a half day when it blocks, and warns when set so", async () => {
    await setRules("course", { min_request_days: 1, min_request_mode: "block" });
    const half = await requestByApi("2031-03-24", "2031-03-24", { half_day_start: true });
    expect(half.status).toBe(409);
    expect(((await half.json()) as Json).detail).toContain("shortest request is 1 working days");
    expect((await requestByApi("2031-03-24", "2031-03-24")).status).toBe(201);
    await setRules("course", { min_request_mode: "warn" });
    expect((await requestByApi("2031-03-25", "2031-03-25", { half_day_end: true })).status).toBe(201);
    const form = await requestByForm("2031-03-26", "2031-03-26");
    expect(form.status).toBe(302);
    await setRules("course", { min_request_days: null });
  });
});
