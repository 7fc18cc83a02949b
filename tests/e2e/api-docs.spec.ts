// /api/docs, the API's reference page (docs/decisions/0032-api-contract.md): public, plain HTML
// without scripts (the same with JavaScript on and off), generated from /api/openapi.json, in the
// reader's language around an English reference, and readable on a phone. Being the same without
// JavaScript, it is checked once (@once).
import { expect, test } from "./fixtures";
import { LAPTOP, PHONE } from "./screens";

test("shows every operation of the document, grouped, with its parameters, bodies and answers @once", async ({ page, request }) => {
  const document = (await (await request.get("/api/openapi.json")).json()) as { paths: Record<string, Record<string, { operationId: string }>>; tags: { name: string }[] };
  const operations = Object.values(document.paths).flatMap((item) => Object.values(item));

  await page.setViewportSize(LAPTOP);
  await page.goto("/api/docs?lng=en");
  await expect(page.getByRole("heading", { level: 1, name: "Folga API" })).toBeVisible();
  // No scripts at all: nothing to download but the page.
  expect(await page.locator("script").count()).toBe(0);
  for (const tag of document.tags) await expect(page.getByRole("heading", { level: 2, name: tag.name, exact: true })).toBeVisible();
  await expect(page.locator("article.api-op[id]").filter({ has: page.locator(".api-method") })).toHaveCount(operations.length);

  const create = page.locator("#postVacations");
  await expect(create.getByRole("heading", { level: 3 })).toHaveText("POST /api/vacations");
  await expect(create.getByText("Spec, section 7:")).toBeVisible();
  await expect(create.locator("dt").filter({ hasText: "start_date" }).first()).toContainText("string (date)");
  await expect(create.getByRole("link", { name: "Vacation", exact: true })).toHaveAttribute("href", "#schema-Vacation");
  // Examples open without scripts (<details>).
  await create.getByText("Example").first().click();
  await expect(create.locator("pre").first()).toContainText('"start_date": "2027-08-02"');

  // The contents lead to each operation; the JSON document is one link away.
  await page.locator(".api-docs__contents").getByRole("link", { name: /GET \/api\/holidays$/ }).click();
  await expect(page).toHaveURL(/#getHolidays$/);
  await expect(page.getByRole("link", { name: "OpenAPI 3.1 document (JSON)" })).toHaveAttribute("href", "/api/openapi.json");
});

test("speaks the reader's language around the English reference @once", async ({ page }) => {
  await page.goto("/api/docs");
  await expect(page.getByRole("heading", { level: 1, name: "API da Folga" })).toBeVisible();
  await expect(page.getByText("A referência abaixo está escrita em inglês.")).toBeVisible();
  await expect(page.locator("div[lang=en]").first()).toBeVisible();
  await page.getByRole("link", { name: "Español" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "API de Folga" })).toBeVisible();
});

test("fits a phone: long paths and examples scroll inside their boxes @once", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto("/api/docs?lng=en#postHolidaysImportCsv");
  await page.locator("#postVacations").getByText("Example").first().click();
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
});

test("the document is public JSON, revalidated with its ETag @once", async ({ request }) => {
  const first = await request.get("/api/openapi.json");
  expect(first.status()).toBe(200);
  expect(first.headers()["content-type"]).toMatch(/application\/json/);
  expect(((await first.json()) as { openapi: string }).openapi).toBe("3.1.0");
  const again = await request.get("/api/openapi.json", { headers: { "If-None-Match": first.headers().etag } });
  expect(again.status()).toBe(304);
});
