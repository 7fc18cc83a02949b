import { chromium } from "@playwright/test";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const [,, url, out, width, anchor, height] = process.argv;
const context = await browser.newContext({ viewport: { width: Number(width), height: Number(height ?? 1400) }, javaScriptEnabled: false, locale: "en-GB" });
const page = await context.newPage();
await page.goto(url + "#" + anchor);
await page.screenshot({ path: out });
await browser.close();
