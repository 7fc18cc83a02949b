// usage: node shot.mjs <base> <email> <path> <out.png> [width] [js=1|0] [lang]
import { chromium } from "@playwright/test";
const [base, email, path, out, width = "1366", js = "1", lang = "pt-PT", click = ""] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"] });
const context = await browser.newContext({ viewport: { width: Number(width), height: 900 }, javaScriptEnabled: js === "1", locale: lang });
const page = await context.newPage();
await page.goto(`${base}/login`);
const form = page.locator("form").filter({ has: page.locator('input[type="password"]') });
if (js === "1") await page.waitForTimeout(1000);
await form.locator('input[name="email"]').fill(email);
await form.locator('input[name="password"]').fill("demo-password");
await Promise.all([page.waitForURL((u) => !u.pathname.startsWith("/login")), form.locator('button[type="submit"]').click()]);
await page.goto(`${base}${path}`);
if (js === "1") await page.waitForTimeout(800);
if (click) { await page.locator(click).first().click(); await page.waitForTimeout(800); }
await page.screenshot({ path: out, fullPage: !click });
const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
console.log("overflow", overflow, "html bytes", (await page.content()).length);
await browser.close();
