// Calendar feeds as a person uses them, with JavaScript on and off: from My Calendar's "Subscribe"
// link, create a feed of their own vacations, see its address once, have a calendar app fetch it
// (no cookie), see when it was fetched, renew it (the old address stops) and revoke it, each
// asked first (a dialog with JavaScript, a step of the page without); then choose the daily
// who's-off e-mail. The page fits a phone.
import { expect, request, test, type Page, type TestInfo } from "./fixtures";
import { parseFeed } from "../support/ical";
import { DEMO, openPage, signIn } from "./support";

// One person per project (both share a server): feeds are per person and kind. Sara Sales is a
// demo admin no other spec signs in as.
const PEOPLE = {
  "js-on": { email: DEMO.employee.email, name: DEMO.employee.name },
  "js-off": { email: "sales.lead@demo.test", name: "Sara Sales" },
} as const;

const LABEL = "As minhas ausências";

const jsOn = (testInfo: TestInfo) => testInfo.project.name === "js-on";

/** Answers the question: the modal dialog with JavaScript, the page's own step without. */
async function confirm(page: Page, testInfo: TestInfo, title: string, yes: string) {
  const question = jsOn(testInfo) ? page.getByRole("dialog", { name: title }) : page.getByTestId("confirmation-step");
  await expect(question).toBeVisible();
  await question.getByRole("button", { name: yes }).click();
}

/** What a calendar app gets: no cookie, no session. */
async function fetchAsCalendarApp(url: string) {
  const app = await request.newContext({ extraHTTPHeaders: { "User-Agent": "Google-Calendar-Importer" } });
  try {
    const response = await app.get(url);
    return { status: response.status(), type: response.headers()["content-type"], body: await response.text() };
  } finally {
    await app.dispose();
  }
}

test("a person subscribes to their vacations, a calendar app fetches them, then the address is renewed and revoked", async ({ page }, testInfo) => {
  const person = PEOPLE[testInfo.project.name as keyof typeof PEOPLE];
  await signIn(page, person.email);
  await page.setViewportSize({ width: 1366, height: 900 });
  await openPage(page, "/my-calendar");
  await page.getByRole("link", { name: "Subscrever (iCal)" }).click();
  await expect(page).toHaveURL(/\/calendar-feeds\?scope=person$/);
  await expect(page.getByRole("heading", { level: 1, name: "Calendários subscritos" })).toBeVisible();
  await expect(page.getByTestId("feeds-empty")).toBeVisible();
  await expect(page.getByLabel("O que a subscrição mostra")).toHaveValue("person");

  await page.getByRole("button", { name: "Criar subscrição" }).click();
  await expect(page.getByTestId("action-notice")).toContainText(`Subscrição «${LABEL}» criada`);
  const address = page.getByTestId("feed-address");
  await expect(address).toContainText("só é mostrado desta vez");
  const url = await page.getByTestId("feed-url").inputValue();
  expect(url).toMatch(/^http:\/\/localhost:\d+\/feeds\/[A-Za-z0-9_-]{43}\.ics$/);
  await expect(address.getByRole("link", { name: /webcal/ })).toHaveAttribute("href", url.replace(/^http:/, "webcal:"));
  if (jsOn(testInfo)) await expect(address.getByRole("button", { name: "Copiar endereço" })).toBeVisible();

  // The page with the address on it fits a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1366, height: 900 });

  const fetched = await fetchAsCalendarApp(url);
  expect(fetched.status).toBe(200);
  expect(fetched.type).toBe("text/calendar; charset=utf-8");
  const calendar = parseFeed(fetched.body);
  expect(calendar.name).toBe(`Folga — ${person.name}`);
  for (const event of calendar.events) expect([event.startType, event.endType]).toEqual(["date", "date"]);

  // Shown once: opened again, the page lists the feed (fetched now) but not its address.
  await openPage(page, "/calendar-feeds");
  await expect(page.getByTestId("feed-address")).toHaveCount(0);
  const row = page.getByTestId("feed-row").filter({ has: page.getByRole("rowheader", { name: LABEL }) });
  await expect(row.getByTestId("feed-last-fetched")).not.toContainText("Nunca");
  await expect(page.getByText("O endereço não volta a ser mostrado")).toBeVisible();

  await row.getByRole("button", { name: `Renovar o endereço de ${LABEL}` }).click();
  await confirm(page, testInfo, "Renovar endereço", "Sim, renovar");
  await expect(page.getByTestId("action-notice")).toContainText(`«${LABEL}» tem um endereço novo`);
  const renewed = await page.getByTestId("feed-url").inputValue();
  expect(renewed).not.toBe(url);
  // The new address has not been fetched yet.
  await expect(row.getByTestId("feed-last-fetched")).toContainText("Nunca");
  expect((await fetchAsCalendarApp(url)).status).toBe(404);
  expect((await fetchAsCalendarApp(renewed)).status).toBe(200);

  await row.getByRole("button", { name: `Revogar ${LABEL}` }).click();
  await confirm(page, testInfo, "Revogar subscrição", "Sim, revogar");
  await expect(page.getByTestId("action-notice")).toContainText(`Subscrição «${LABEL}» revogada`);
  await expect(page.getByTestId("feeds-empty")).toBeVisible();
  expect((await fetchAsCalendarApp(renewed)).status).toBe(404);

  // The daily who's-off e-mail is chosen on the same page, with or without JavaScript (decision 0088).
  const digest = () => page.getByRole("group", { name: "Enviar" });
  await digest().getByRole("radio", { name: "As ausências da minha equipa" }).check();
  await page.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByTestId("action-notice")).toContainText("E-mail diário guardado");
  await openPage(page, "/calendar-feeds");
  await expect(digest().getByRole("radio", { name: "As ausências da minha equipa" })).toBeChecked();
});
