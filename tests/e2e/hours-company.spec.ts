// Issue 40's "done when", with JavaScript on and off: a company counting its yearly leave in hours,
// with a Monday–Thursday part-timer, a person on a fortnightly schedule and a leaver in June. The
// owner switches the balance to hours and sets the default on the screens; the people come in by
// invitation and get their schedules through the API (the schedule editor has its own spec); the
// part-timer books a week on My Calendar, the owner sees both requests in hours on Approvals,
// approves one, sees the part-timer's Fridays shaded, the report and its CSV in hours, and the
// leaver's prorated hours.
import { expect, test, type APIRequestContext } from "./fixtures";
import { OWN_COMPANY_PASSWORD, signUpNewCompany } from "./new-company";
import { linkFromOutbox, openPage, signIn, signOutButton, urlPath } from "./support";

test.describe.configure({ timeout: 120_000 });

// Next year, so every date is ahead and nobody's history is rewritten; 8–12 March has no
// Portuguese holiday. The fortnightly cycle starts on Monday 4 January: 8 March is in its second
// week (Monday–Wednesday).
const YEAR = new Date().getFullYear() + 1;
const WEEK = { start: `${YEAR}-03-08`, end: `${YEAR}-03-12` };
const PERSON_PASSWORD = "hours-person-pass-1";

function firstMonday(year: number): string {
  const date = new Date(Date.UTC(year, 0, 1));
  while (date.getUTCDay() !== 1) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

async function bearer(request: APIRequestContext, email: string, password: string) {
  const login = await request.post("/api/auth/login", { data: { email, password } });
  expect(login.status()).toBe(200);
  const body = (await login.json()) as { access_token: string; user: { id: string } };
  return { id: body.user.id, headers: { Authorization: `Bearer ${body.access_token}` } };
}

test("an hours company: a part-timer, a fortnightly person and a June leaver, booked, approved and reported in hours", async ({ page, request }, testInfo) => {
  const { owner } = await signUpNewCompany(page, "hourco");
  const stamp = `${testInfo.project.name}-${Date.now()}`;
  const asOwner = await bearer(request, owner, OWN_COMPANY_PASSWORD);

  // The owner's own allowance of this year is the only figure in the way of the switch.
  const thisYear = new Date().getFullYear();
  const zero = await request.post("/api/reports/allowances/upsert", {
    headers: asOwner.headers,
    data: { userId: asOwner.id, year: thisYear, yearlyAllowance: 0, residualAllowance: 0, specialLeaveAllowance: 0 },
  });
  expect(zero.status()).toBe(200);

  // On the screens: yearly leave counted in hours, and 160 h for people who join.
  await openPage(page, "/company-settings/absence-types?edit=yearly_allowance");
  const edit = page.getByRole("region", { name: "Editar tipo de ausência" });
  await edit.getByLabel("Contado em").selectOption("hour");
  await edit.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByTestId("absence-types").getByRole("row").filter({ hasText: "Férias" }).first()).toContainText("Horas");
  await openPage(page, "/company-settings/company");
  await page.getByLabel("Horas de férias por ano para quem entra").fill("160");
  await page.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByTestId("action-notice")).toBeVisible();

  // A team the owner approves for, and three people invited into it.
  const team = await request.post("/api/teams", { headers: asOwner.headers, data: { name: "Loja" } });
  expect(team.status()).toBe(201);
  const teamId = ((await team.json()) as { id: string }).id;
  expect((await request.post(`/api/teams/${teamId}/members`, { headers: asOwner.headers, data: { userId: asOwner.id } })).ok()).toBe(true);
  const admins = await request.post(`/api/teams/${teamId}/admins`, { headers: asOwner.headers, data: { userId: asOwner.id } });
  expect(admins.ok(), await admins.text()).toBe(true);
  const people = {
    part: { name: "Paula Parcial", email: `part-${stamp}@hourco.test` },
    fortnight: { name: "Filipe Quinzena", email: `fortnight-${stamp}@hourco.test` },
    leaver: { name: "Lara Saída", email: `leaver-${stamp}@hourco.test` },
  };
  const ids: Record<keyof typeof people, string> = { part: "", fortnight: "", leaver: "" };
  for (const [key, person] of Object.entries(people) as [keyof typeof people, { name: string; email: string }][]) {
    const invite = await request.post("/api/users/invite", { headers: asOwner.headers, data: { email: person.email, full_name: person.name, team_id: teamId } });
    expect(invite.status()).toBe(201);
    const link = new URL(await linkFromOutbox(page, person.email, "/accept-invite?token="), "http://localhost");
    const accepted = await request.post("/api/users/accept-invite", { data: { token: link.searchParams.get("token"), new_password: PERSON_PASSWORD } });
    expect(accepted.status()).toBe(201);
    ids[key] = ((await accepted.json()) as { id: string }).id;
  }
  const eightHours = (weekdays: number[], week?: number) => weekdays.map((weekday) => ({ weekday, hours: 8, ...(week ? { week } : {}) }));
  const schedules = [
    [ids.part, [{ valid_from: `${YEAR}-01-01`, cycle_weeks: 1, days: eightHours([1, 2, 3, 4]) }]],
    [ids.fortnight, [{ valid_from: firstMonday(YEAR), cycle_weeks: 2, days: [...eightHours([1, 2, 3, 4, 5], 1), ...eightHours([1, 2, 3], 2)] }]],
  ] as const;
  for (const [id, rows] of schedules) expect((await request.put(`/api/users/${id}/work-schedules`, { headers: asOwner.headers, data: rows })).status()).toBe(200);
  expect((await request.patch(`/api/users/${ids.leaver}`, { headers: asOwner.headers, data: { last_day: `${YEAR}-06-30` } })).status()).toBe(200);
  for (const userId of Object.values(ids)) {
    const data = { userId, year: YEAR, yearlyAllowance: 160, residualAllowance: 0, specialLeaveAllowance: 0 };
    expect((await request.post("/api/reports/allowances/upsert", { headers: asOwner.headers, data })).status()).toBe(200);
  }

  // The fortnightly person books the same week through the API: its second week holds 24 h.
  const asFortnight = await bearer(request, people.fortnight.email, PERSON_PASSWORD);
  const fortnightly = await request.post("/api/vacations", { headers: asFortnight.headers, data: { start_date: WEEK.start, end_date: WEEK.end, description: "Quinzena" } });
  expect(fortnightly.status(), await fortnightly.text()).toBe(201);
  expect(await fortnightly.json()).toMatchObject({ unit: "hour", hours: 24 });

  // The part-timer books Monday to Friday on My Calendar: four 8-hour days.
  await openPage(page, "/my-calendar");
  await signOutButton(page).click();
  await expect(page).toHaveURL(urlPath("/login"));
  await signIn(page, people.part.email, { password: PERSON_PASSWORD });
  await openPage(page, `/my-calendar?year=${YEAR}&new=1&start=${WEEK.start}&end=${WEEK.end}`);
  const drawer = page.getByTestId("vacation-drawer");
  await drawer.getByLabel("Tipo de ausência").selectOption("yearly_allowance");
  if (testInfo.project.name === "js-on") await expect(drawer.getByTestId("selection-working-days")).toHaveText("Horas neste pedido: 32\u00a0h");
  await drawer.getByLabel("Descrição").fill("Semana de março");
  await drawer.getByRole("button", { name: "Submeter pedido" }).click();
  await expect(page.getByTestId("upcoming-vacations").getByRole("listitem").filter({ hasText: "Semana de março" })).toContainText("32\u00a0h");
  const card = page.getByTestId("balance-yearly");
  await expect(card.locator('[data-figure="total"]')).toHaveText("160\u00a0h");
  await expect(card.locator('[data-figure="remaining"]')).toHaveText("128\u00a0h");

  // The owner: both requests in hours on Approvals; approving the part-timer's.
  await signOutButton(page).click();
  await expect(page).toHaveURL(urlPath("/login"));
  await signIn(page, owner, { password: OWN_COMPANY_PASSWORD });
  await openPage(page, "/approvals");
  const rows = page.getByTestId("pending-approvals").getByRole("row");
  await expect(rows.filter({ hasText: people.fortnight.name })).toContainText("24\u00a0h");
  const partRow = rows.filter({ hasText: people.part.name });
  await expect(partRow).toContainText("32\u00a0h");
  await partRow.getByRole("button", { name: /^Aprovar/ }).click();
  await expect(page.getByRole("status").filter({ hasText: "Pedido aprovado." })).toBeVisible();

  // The company calendar shades the part-timer's Fridays.
  await openPage(page, `/company-calendar?month=${YEAR}-03&q=Paula`);
  await expect(page.locator("tr").filter({ hasText: people.part.name }).locator("td.company-month__off").first()).toHaveText("Não trabalha");

  // The year's report: hours used, and the leaver's hours prorated to the end of June.
  await openPage(page, `/reports?year=${YEAR}`);
  const report = page.getByTestId("report-row");
  // The table's heading names hours; its cells hold the numbers.
  await expect(report.filter({ hasText: people.part.name }).locator('[data-figure="Restantes"]').first()).toHaveText("128");
  const leaver = report.filter({ hasText: people.leaver.name });
  await expect(leaver.getByTestId("report-proration")).toContainText("Na empresa de");
  const summary = (await (await request.get(`/api/reports/vacations?year=${YEAR}`, { headers: asOwner.headers })).json()) as { user: { id: string }; yearlyAllowance: number; yearlyUnit: string }[];
  const leaverRow = summary.find((row) => row.user.id === ids.leaver)!;
  expect(leaverRow.yearlyUnit).toBe("hour");
  expect(leaverRow.yearlyAllowance).toBeGreaterThan(70);
  expect(leaverRow.yearlyAllowance).toBeLessThan(90);
  await expect(leaver.locator('[data-figure="Atribuídos"]').first()).toHaveText(String(leaverRow.yearlyAllowance).replace(".", ","));

  const csv = await (await page.request.get(`/reports/allowances.csv?year=${YEAR}`)).text();
  expect(csv).toContain("Férias anuais (h): atribuídos");
  expect(csv).toMatch(new RegExp(`${people.part.email.replace(/[.+]/g, "\\$&")};[^;]*;[^;]*;160;32;0;128;`));
});
