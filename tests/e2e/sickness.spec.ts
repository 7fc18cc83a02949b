// Sickness, reported rather than requested (issue 41, decision 0092), end to end and without
// JavaScript (the upload is a plain multipart form): a report recorded at once, its certificate
// overdue, the reminder job's e-mail in the outbox, then the upload and its download.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { expect, test } from "./fixtures";
import { signIn } from "./support";

// A demo person no other test signs in as (team Sales): their past weeks are theirs alone.
const PERSON = "nuno.santos13@demo.test";
const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

/** The Monday `weeks` weeks before today (UTC, as the server's calendar dates). */
function mondayWeeksAgo(weeks: number): string {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() - 7 * weeks - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
}

const plusDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

test("a sickness is reported, its overdue certificate reminded by e-mail, then uploaded and downloaded @js-off-only", async ({ page, baseURL }) => {
  await signIn(page, PERSON);
  // A past Monday-to-Wednesday the person has free (the demo's own absences, or an earlier run on a
  // reused server, may hold some weeks): the certificate is due on the third working day, long gone.
  let certificatePage = "";
  for (let weeks = 3; weeks <= 9 && !certificatePage; weeks++) {
    const start = mondayWeeksAgo(weeks);
    await page.goto("/vacations?new=1");
    const form = page.locator("form.absence-form");
    await form.locator('select[name="categoryId"]').selectOption("sick_leave");
    await form.locator('input[name="startDate"]').fill(start);
    await form.locator('input[name="endDate"]').fill(plusDays(start, 2));
    await form.locator('textarea[name="description"]').fill("Gripe (e2e)");
    await form.locator('button[type="submit"]').click();
    if (!new URL(page.url()).search.includes("created=recorded")) continue;
    // Recorded at once: approved, with its certificate link.
    const row = page.getByTestId("my-vacations").locator("tbody tr").filter({ hasText: "Gripe (e2e)" }).filter({ has: page.locator('a[href$="/certificate"]') }).first();
    certificatePage = (await row.locator('a[href$="/certificate"]').getAttribute("href")) ?? "";
  }
  expect(certificatePage).toMatch(/^\/vacations\/[^/]+\/certificate$/);
  await page.goto(certificatePage);
  await expect(page.getByTestId("certificate-state")).toContainText(/atraso|overdue/i);

  // The reminder job as cron runs it (npm run jobs:certificates), on this server's database.
  const port = new URL(baseURL!).port;
  execFileSync(process.execPath, [path.resolve("node_modules/tsx/dist/cli.mjs"), "scripts/certificate-reminders.ts"], {
    env: { ...process.env, DATABASE_URL: `file:./tests/.tmp/e2e/${port}/e2e.db`, APP_URL: baseURL!, NODE_ENV: "test", SMTP_URL: "" },
    stdio: "ignore",
  });
  await page.goto("/dev/outbox");
  const reminder = page.getByTestId("outbox-mail").filter({ has: page.getByTestId("outbox-to").getByText(PERSON, { exact: true }) }).filter({ has: page.locator(`a[href$="${certificatePage}"]`) });
  await expect(reminder).toHaveCount(1);

  // Following the e-mail's link, the person uploads the certificate with the plain form.
  await page.goto(certificatePage);
  await page.locator('input[type="file"][name="file"]').setInputFiles({ name: "atestado.pdf", mimeType: "application/pdf", buffer: PDF });
  await page.locator("form.certificate-upload button[type=submit]").click();
  await expect(page).toHaveURL(new RegExp(`${certificatePage}\\?uploaded=1$`));
  await expect(page.getByTestId("certificate-state")).toContainText(/Recebido|Received/);
  const href = await page.locator('a[href^="/certificates/"]').first().getAttribute("href");
  const file = await page.request.get(href!);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-disposition"]).toBe('attachment; filename="atestado.pdf"');
  expect(Buffer.from(await file.body()).equals(PDF)).toBe(true);
});
