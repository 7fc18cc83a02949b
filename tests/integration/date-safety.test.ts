// @module-tag time-zones (rerun under far time zones: npm run test:time-zones)
// Date safety through the API (issue 16): vacations booked over Lisbon's daylight-saving Sundays,
// 29 February and the turn of the year keep their dates and count the working days any other
// week would, whatever zone the server runs in (`npm run test:tz` runs this file under
// Pacific/Kiritimati and America/Los_Angeles as well as the default).
import { beforeAll, describe, expect, it } from "vitest";
import { nationalHolidays } from "~/models/holiday-catalogue.server";
import { action as apiLogin } from "~/api/auth.login";
import { action as createApi } from "~/api/vacations._index";
import { loader as searchApi } from "~/api/vacations.search";
import { loader as summaryApi } from "~/api/users.me.allowances-summary";
import { loader as exportCsv } from "~/routes/vacations.export[.]csv";
import { action as loginAction } from "~/routes/login";
import { getDb } from "~/utils/db.server";
import { resetRateLimits } from "~/utils/rate-limit.server";
import { createCompany, createTeam, createUser, TEST_PASSWORD } from "../support/factories";
import { args, cookiesFrom, getRequest, postForm } from "../support/http";

type Json = Record<string, unknown>;

function call(path: string, method: string, token?: string, body?: unknown) {
  return new Request(`http://localhost${path}`, {
    method,
    headers: { "Content-Type": "application/json", "Accept-Language": "en", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

let employee: { id: string; email: string };
let token: string;

beforeAll(async () => {
  const company = await createCompany("Clockwork");
  expect(company.timeZone).toBe("Europe/Lisbon");
  for (const year of [2027, 2028]) {
    await getDb().holiday.createMany({ data: (await nationalHolidays("PT", year)).map((h) => ({ ...h, companyId: company.id, countryCode: "PT", isRecurring: false })) });
  }
  const admin = await createUser(company.id, { role: "admin", email: "boss@clockwork.test" });
  const team = await createTeam(company.id, "Gears", [admin.id]);
  employee = await createUser(company.id, { email: "eva@clockwork.test", teamId: team.id });
  for (const year of [2027, 2028]) {
    await getDb().allowance.create({ data: { companyId: company.id, userId: employee.id, year, yearly: 30, residual: 0, specialLeave: 0 } });
  }
  resetRateLimits();
  const login = await apiLogin(args(call("/api/auth/login", "POST", undefined, { email: employee.email, password: TEST_PASSWORD })));
  token = ((await login.json()) as { access_token: string }).access_token;
});

async function book(start: string, end: string, description: string): Promise<Json> {
  const response = await createApi(args(call("/api/vacations", "POST", token, { start_date: start, end_date: end, description, absence_category_id: "yearly_allowance" })));
  expect(response.status, description).toBe(201);
  return (await response.json()) as Json;
}

// Lisbon's clocks change on Sunday 26 March and Sunday 29 October 2028 (Easter is 16 April, so no
// holiday is near); the weeks two later are plain ones.
const CASES = [
  { start: "2028-03-23", end: "2028-03-28", workingDays: 4, what: "Thu–Tue over the March change" },
  { start: "2028-04-06", end: "2028-04-11", workingDays: 4, what: "Thu–Tue two weeks later" },
  { start: "2028-10-23", end: "2028-10-29", workingDays: 5, what: "Mon–Sun ending on the October change" },
  { start: "2028-11-06", end: "2028-11-12", workingDays: 5, what: "Mon–Sun two weeks later" },
  // Mon 28 Feb, Tue 29 Feb, Wed 1 Mar 2028 (Carnival, Tue 29 Feb 2028, is no national holiday).
  { start: "2028-02-28", end: "2028-03-01", workingDays: 3, what: "over 29 February" },
  // Thu 30, Fri 31 Dec 2027; New Year's Day is a Saturday; Mon 3, Tue 4 Jan 2028.
  { start: "2027-12-30", end: "2028-01-04", workingDays: 4, what: "over the turn of the year" },
];

describe("booking over the days zones disagree about", () => {
  it("keeps every date and counts the working days of any other week", async () => {
    for (const { start, end, workingDays, what } of CASES) {
      expect(await book(start, end, what), what).toMatchObject({ start_date: start, end_date: end, working_days: workingDays });
    }
    const found = (await (await searchApi(args(call("/api/vacations/search?user_id=me&date_from=2027-01-01&date_to=2028-12-31", "GET", token)))).json()) as Json[];
    for (const { start, end, what } of CASES) {
      expect(found.find((row) => row.description === what), what).toMatchObject({ start_date: start, end_date: end });
    }
  });

  it("exports the same dates and days, and splits the turn of the year between both years' allowances (pending days held)", async () => {
    const login = (await loginAction(args(postForm("/login", { email: employee.email, password: TEST_PASSWORD })))) as Response;
    const csv = await (await exportCsv(args(getRequest("/vacations/export.csv?from=2027-01-01&to=2028-12-31", cookiesFrom(login))))).text();
    // The separator follows the language (';' in Portuguese, the default).
    for (const { start, end, workingDays } of CASES) expect(csv).toMatch(new RegExp(`${start}[,;]${end}[,;]${workingDays}[,;]`));

    const held = async (year: number) => {
      const summary = (await (await summaryApi(args(call(`/api/users/me/allowances-summary?year=${year}`, "GET", token)))).json()) as { yearly_allowance: { pending: number } };
      return summary.yearly_allowance.pending;
    };
    // 2027: 30–31 Dec; 2028: 3–4 Jan, then 3 + 4 + 4 + 5 + 5.
    expect(await held(2027)).toBe(2);
    expect(await held(2028)).toBe(23);
  });
});
