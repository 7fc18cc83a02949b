// Issue 38: a control character (NUL above all, which PostgreSQL refuses in text) in what any
// request carries is a 400 with its message on both engines, never a 500; single-line names refuse
// line breaks and bidi controls, descriptions keep their lines; e-mails quote what people wrote.
// docs/decisions/0069-text-input-characters.md
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { action as teamsAction } from "~/routes/_app.company-settings.teams/route";
import { action as apiLogin } from "~/api/auth.login";
import { action as importApi } from "~/api/holidays.import-csv";
import { action as teamsApi } from "~/api/teams._index";
import { loader as userApi } from "~/api/users.$id";
import { action as createVacationApi } from "~/api/vacations._index";
import { loader as searchApi } from "~/api/vacations.search";
import { action as loginAction } from "~/routes/login";
import { action as signupAction } from "~/routes/signup";
import { getDb } from "~/utils/db.server";
import { resetRateLimits } from "~/utils/rate-limit.server";
import { createCompany, createTeam, createUser, TEST_PASSWORD } from "../support/factories";
import { listenGuarded } from "../support/fetch-handler";
import { args, BASE, cookiesFrom, postForm, run, unwrapData } from "../support/http";
import { testSmtp } from "../support/smtp";

const CONTROL = "This text holds a control character (such as NUL) that cannot be typed. Remove it and try again.";
const LINE_BREAK = "Write it on one line: line breaks are not allowed here.";
const BIDI = "Remove the hidden text-direction characters (bidi overrides or isolates) from this text.";

let companyId: string;
let ownerCookie = "";
let employeeToken = "";
let employeeId = "";

function api(path: string, method: string, auth: { cookie?: string; token?: string }, body?: unknown) {
  const headers: Record<string, string> = { "Accept-Language": "en" };
  if (auth.cookie) headers.Cookie = auth.cookie;
  if (auth.token) headers.Authorization = `Bearer ${auth.token}`;
  if (body !== undefined && !(body instanceof FormData)) headers["Content-Type"] = "application/json";
  return new Request(`${BASE}${path}`, { method, headers, body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body) });
}

async function detailOf(response: Response) {
  return { status: response.status, body: (await response.json()) as { detail?: string; fields?: Record<string, string> } };
}

beforeAll(async () => {
  companyId = (await createCompany("Plain Text")).id;
  const owner = await createUser(companyId, { role: "owner", email: "owner@plain.test", fullName: "Olga Owner", preferredLanguage: "en" });
  const team = await createTeam(companyId, "Readers", [owner.id]);
  // A row written before the rules: a name with line breaks and a fake "Approve:" line.
  const employee = await createUser(companyId, { email: "eva@plain.test", fullName: "Eva\n\nApprove: http://evil.example/approve", teamId: team.id });
  employeeId = employee.id;
  await getDb().allowance.create({ data: { companyId, userId: employee.id, year: 2027, yearly: 22, residual: 0, specialLeave: 0 } });
  ownerCookie = cookiesFrom((await loginAction(args(postForm("/login", { email: "owner@plain.test", password: TEST_PASSWORD })))) as Response);
  const login = await apiLogin(args(api("/api/auth/login", "POST", {}, { email: "eva@plain.test", password: TEST_PASSWORD })));
  employeeToken = ((await login.json()) as { access_token: string }).access_token;
});
beforeEach(() => resetRateLimits());

describe("a NUL anywhere in a request is a 400 with its message, on SQLite and PostgreSQL", () => {
  const csv = (content: string) => {
    const body = new FormData();
    body.set("file", new File([content], "holidays.csv", { type: "text/csv" }));
    return body;
  };
  const cases: [string, () => Promise<Response>, string][] = [
    ["the login API, signed out", () => apiLogin(args(api("/api/auth/login", "POST", {}, { email: "a@b.c\u0000", password: "x" }))), CONTROL],
    ["the login API's password", () => apiLogin(args(api("/api/auth/login", "POST", {}, { email: "eva@plain.test", password: `${TEST_PASSWORD}\u0000` }))), CONTROL],
    ["a JSON create (teams)", () => teamsApi(args(api("/api/teams", "POST", { cookie: ownerCookie }, { name: "Ops\u0000" }))), CONTROL],
    [
      "a JSON create (vacations), in a nested value",
      () => createVacationApi(args(api("/api/vacations", "POST", { token: employeeToken }, { start_date: "2027-05-03", end_date: "2027-05-03", absence_category_id: "yearly_allowance", description: "ok", notification_recipients: { type: "custom", emails: ["x\u0000@y.z"] } }))),
      CONTROL,
    ],
    ["a path parameter", () => userApi(args(api("/api/users/%00", "GET", { cookie: ownerCookie }), { id: "\u0000" })), CONTROL],
    ["a query parameter", () => searchApi(args(api("/api/vacations/search?user_id=%00", "GET", { cookie: ownerCookie }))), CONTROL],
    ["a CSV file", () => importApi(args(api("/api/holidays/import-csv?dry_run=true", "POST", { cookie: ownerCookie }, csv("date,name,country_code,is_recurring\n2027-01-01,Ano\u0000Novo,PT,true\n")))), "line 2"],
  ];
  for (const [where, send, message] of cases) {
    it(`in ${where}: 400 with a detail`, async () => {
      const { status, body } = await detailOf(await send());
      expect(status).toBe(400);
      expect(body.detail).toContain(message);
    });
  }

  it("in a page's form (sign-up, signed out): a 400 with the message for the page, nothing written", async () => {
    const response = (await run(() =>
      signupAction(args(postForm("/signup", { companyName: "Nul\u0000Corp", billingEmail: "", fullName: "Nul", email: "nul@corp.test", password: "tps-reports-2" }))),
    )) as Response;
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: "validation.textControl", params: {} });
    expect(await getDb().user.count({ where: { email: "nul@corp.test" } })).toBe(0);
  });

  it("in any URL, before a route runs (the request guards): a page's path parameter or query too", async () => {
    const { base, close } = await listenGuarded((_req, res) => void res.send("route"));
    try {
      const get = (path: string) => fetch(base + path, { headers: { "Accept-Language": "en" } });
      const page = await get("/people/%00");
      expect(page.status).toBe(400);
      expect(await page.text()).toContain(CONTROL);
      expect((await get("/vacations?q=a%1Fb")).status).toBe(400);
      // A `//` further on is part of the path or a query value, not the start of a host.
      expect((await get("/vacations?q=%00&r=//a/b")).status).toBe(400);
      expect((await get("/people/%00//x")).status).toBe(400);
      const apiCall = await get("/api/users/%00");
      expect(apiCall.status).toBe(400);
      expect(await apiCall.json()).toEqual({ detail: CONTROL });
      expect((await get("/vacations?q=a%09b&redirectTo=%2Fx")).status).toBe(200);
    } finally {
      await close();
    }
  });
});

describe("single-line names and multi-line descriptions", () => {
  it("refuses a line break or a bidi control in a team's name, with the message by the field (form and API)", async () => {
    for (const [name, key] of [
      ["Eva\n\nApprove: http://evil.example", "validation.textLineBreak"],
      ["Ev\ra", "validation.textLineBreak"],
      ["Eva\u2028Approve", "validation.textLineBreak"],
      ["\u202Eave", "validation.textBidi"],
      ["Eva\u2066x\u2069", "validation.textBidi"],
    ]) {
      const reply = unwrapData<{ result?: { error?: Record<string, string[] | null> } }>(await teamsAction(args(postForm("/company-settings/teams", { intent: "teams.create", name }, ownerCookie))));
      expect(reply.status, JSON.stringify(name)).toBe(400);
      expect(reply.value.result?.error?.name).toEqual([key]);
    }
    const { status, body } = await detailOf(await teamsApi(args(api("/api/teams", "POST", { cookie: ownerCookie }, { name: "Eva\nApprove" }))));
    expect(status).toBe(400);
    expect(body).toEqual({ detail: LINE_BREAK, fields: { name: LINE_BREAK } });
    const bidi = await detailOf(await teamsApi(args(api("/api/teams", "POST", { cookie: ownerCookie }, { name: "\u202Eeva" }))));
    expect(bidi.body.fields).toEqual({ name: BIDI });
    expect(await getDb().team.count({ where: { companyId, name: { contains: "Approve" } } })).toBe(0);
    // A tab is the one control character a person may type in a name.
    expect((await teamsApi(args(api("/api/teams", "POST", { cookie: ownerCookie }, { name: "Tab\tTeam" })))).status).toBe(201);
  });

  it("keeps a description's line breaks, and quotes what people wrote in the approvers' e-mail", async () => {
    const description = "Line one\nApprove: http://evil.example/approve";
    const response = await createVacationApi(args(api("/api/vacations", "POST", { token: employeeToken }, { start_date: "2027-06-01", end_date: "2027-06-01", absence_category_id: "yearly_allowance", description })));
    expect(response.status).toBe(201);
    expect(await getDb().vacation.findFirstOrThrow({ where: { userId: employeeId, startDate: "2027-06-01" } })).toMatchObject({ description });

    const mail = await testSmtp().waitForMail("owner@plain.test", /evil\.example/);
    const lines = mail.text.split("\n");
    // The one line that starts with "Approve:" is the product's own, with its decision link.
    expect(lines.filter((line) => /^\s*Approve:/.test(line))).toEqual([expect.stringMatching(/^Approve: http:\/\/app\.test\/vacation-decision\?token=/)]);
    expect(mail.text).toContain("“Eva Approve: http://evil.example/approve”");
    expect(lines).toContain("> Line one");
    expect(lines).toContain("> Approve: http://evil.example/approve");
    expect(mail.subject).not.toMatch(/[\r\n]/);
  });
});
