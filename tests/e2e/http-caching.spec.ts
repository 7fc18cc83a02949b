// What the browser may keep: signed-in pages nothing (Back after signing out on a shared computer
// must not show them again); the pending-approvals poll revalidates with its ETag (304, no body).
import { expect, test, type Response } from "./fixtures";
import { DEMO, signIn, signOutButton } from "./support";

test("signed-in pages and their data are sent private, no-store", async ({ page }) => {
  await signIn(page, DEMO.employee.email);
  const document = await page.goto("/my-calendar");
  expect(document?.status()).toBe(200);
  expect(document?.headers()["cache-control"]).toBe("private, no-store");
  // Compressed (the compression middleware takes brotli of the encodings Chromium accepts).
  expect(document?.headers()["content-encoding"]).toBe("br");
  expect(document?.headers()["vary"]).toContain("Accept-Encoding");
  // The data of a client-side navigation (single fetch) too.
  const data = await page.request.get("/my-calendar.data");
  expect(data.status()).toBe(200);
  expect(data.headers()["cache-control"]).toBe("private, no-store");

  await signOutButton(page).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goBack();
  // Back asks the server again, which sends a signed-out visitor to sign in.
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByTestId("display-name")).toHaveCount(0);
});

test("the pending badge polls with If-None-Match and keeps its count on 304 @js-only", async ({ page }) => {
  const polls: Response[] = [];
  page.on("response", (response) => {
    if (new URL(response.url()).pathname === "/api/vacations/pending-approvals") polls.push(response);
  });
  await signIn(page, DEMO.admin.email);
  const badge = page.getByTestId("pending-badge");
  await expect(badge).toHaveText(/^[1-9]\d*$/);
  const shown = await badge.textContent();

  // The first poll gets the list and its ETag; the next ones send it back and get a bare 304.
  await expect.poll(() => polls.filter((r) => r.status() === 304).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
  const first = polls.find((r) => r.status() === 200)!;
  const etag = first.headers()["etag"];
  expect(etag).toMatch(/^W\/".+"$/);
  expect(first.headers()["cache-control"]).toBe("private, no-cache");
  const notModified = polls.find((r) => r.status() === 304)!;
  expect(await notModified.request().headerValue("if-none-match")).toBe(etag);
  await expect(badge).toHaveText(shown!);
});

test("files of public/ are served from the disk, compressed, for an hour; the app's own dotted paths are the app's @once", async ({ request }) => {
  const file = await request.get("/locales/pt/absences.json", { headers: { "Accept-Encoding": "gzip" } });
  expect(file.status()).toBe(200);
  expect(file.headers()["content-encoding"]).toBe("gzip");
  expect(file.headers()["cache-control"]).toBe("public, max-age=3600");
  expect(Object.keys(await file.json()).length).toBeGreaterThan(0);
  // The app's data requests end in ".data" (the sign-up form's is 18 KB): the app answers them,
  // uncompressed to a client that accepts no compression.
  const data = await request.get("/signup.data", { headers: { "Accept-Encoding": "identity" } });
  expect(data.status()).toBe(200);
  expect(data.headers()["content-type"]).toContain("text/x-script");
  expect(data.headers()["content-encoding"]).toBeUndefined();
});

test("the build's scripts and stylesheets are kept a year and sent as compressed at build time @once", async ({ page }) => {
  await signIn(page, DEMO.employee.email);
  // What My Calendar's document links and preloads (as the server writes it), asked for as Chromium asks.
  const html = await (await page.request.get("/my-calendar")).text();
  const hrefs = (rel: string) => [...html.matchAll(new RegExp(`<link rel="${rel}" href="([^"]+)"`, "g"))].map((match) => match[1]);
  const stylesheets = hrefs("stylesheet");
  const scripts = hrefs("modulepreload");
  expect(stylesheets).toHaveLength(2);
  expect(scripts.length).toBeGreaterThan(1);
  const answers = await Promise.all(
    [...stylesheets, ...scripts].map(async (url) => ({ url, answer: await page.request.get(url, { headers: { "Accept-Encoding": "gzip, deflate, br, zstd" } }) })),
  );
  const length = ({ answer }: (typeof answers)[number]) => Number(answer.headers()["content-length"] ?? 0);
  const largest = answers.filter(({ url }) => url.endsWith(".js")).sort((a, b) => length(b) - length(a))[0];
  for (const file of [...answers.filter(({ url }) => url.endsWith(".css")), largest]) {
    expect(file.answer.status(), file.url).toBe(200);
    expect(file.answer.headers()["cache-control"], file.url).toBe("public, max-age=31536000, immutable");
    // Brotli from scripts/precompress.ts (server/precompressed.ts), sent with the original's type.
    // The compression middleware's own answers would say the same encoding, but chunked: a
    // precompressed copy has its Content-Length.
    expect(file.answer.headers()["content-encoding"], file.url).toBe("br");
    expect(length(file), file.url).toBeGreaterThan(0);
    expect(file.answer.headers()["content-type"], file.url).toMatch(file.url.endsWith(".css") ? /^text\/css/ : /javascript/);
  }
});
