// The public landing page (/public) and its interest form: the page in each language with its
// title, description and Open Graph tags, without scripts; the e-mail needs an "@", a filled
// honeypot stores nothing, the same address is kept once, a client gets 5 tries an hour; the same
// through POST /api/public-interest.
import { beforeEach, describe, expect, it } from "vitest";
import { action as interestApi, loader as interestApiLoader } from "~/api/public-interest";
import { action, loader, meta } from "~/routes/public";
import { loader as rootLoader } from "~/root";
import { getDb } from "~/utils/db.server";
import { resetRateLimits } from "~/utils/rate-limit.server";
import { args, BASE, getRequest, run, unwrapData } from "../support/http";

beforeEach(() => resetRateLimits());

function post(fields: Record<string, string>, headers: Record<string, string> = {}, query = "") {
  return new Request(`${BASE}/public${query}`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Client-IP": "203.0.113.7", ...headers }, body: new URLSearchParams(fields) });
}

type Reply = { status: "thanks" } | { status: "invalid"; message: string; email: string };

describe("the landing page", () => {
  it("has a title, a description and Open Graph tags in the visitor's language", async () => {
    for (const [language, title, locale] of [
      ["pt", "Folga — férias e ausências, planeadas em equipa", "pt_PT"],
      ["en", "Folga — absences and vacations, planned together", "en_GB"],
      ["es", "Folga — vacaciones y ausencias, planificadas en equipo", "es_ES"],
    ]) {
      const data = await loader(args(getRequest(`/public?lng=${language}`)));
      expect(data.language).toBe(language);
      const tags = meta({ data, matches: [], params: {}, location: { pathname: "/public" } } as unknown as Parameters<typeof meta>[0]) as Record<string, string>[];
      expect(tags).toContainEqual({ title });
      expect(tags).toContainEqual({ property: "og:title", content: title });
      expect(tags).toContainEqual({ property: "og:locale", content: locale });
      expect(tags).toContainEqual({ property: "og:image", content: "http://app.test/og-image.png" });
      expect(tags.find((tag) => tag.name === "description")?.content).toContain(language === "en" ? "€1.00" : "1,00\u00a0€");
      expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "http://app.test/public" });
    }
  });

  it("writes every price of the three plans with one money formatter in the visitor's language, and is served without scripts", async () => {
    // The page said "1 €" (a fixed string) beside "€12.00" in English.
    expect((await loader(args(getRequest("/public?lng=en")))).prices).toEqual({ free: "€0.00", monthly: "€1.00", annual: "€12.00", exampleMonthly: "€10.00", exampleAnnual: "€120.00" });
    for (const language of ["pt", "es"]) {
      expect((await loader(args(getRequest(`/public?lng=${language}`)))).prices).toEqual({ free: "0,00\u00a0€", monthly: "1,00\u00a0€", annual: "12,00\u00a0€", exampleMonthly: "10,00\u00a0€", exampleAnnual: "120,00\u00a0€" });
    }
    const root = unwrapData<{ scripts: boolean }>(await rootLoader(args(getRequest("/public"))));
    expect(root.value.scripts).toBe(false);
    expect(unwrapData<{ scripts: boolean }>(await rootLoader(args(getRequest("/login")))).value.scripts).toBe(true);
  });
});

describe("the interest form", () => {
  it("needs an e-mail with an @, said next to the field in the visitor's language", async () => {
    const reply = unwrapData<Reply>(await run(() => action(args(post({ email: "ana.example.pt" }, { "Accept-Language": "en" })))));
    expect(reply.status).toBe(400);
    expect(reply.value).toEqual({ status: "invalid", message: "publicSite.interest.emailInvalid", email: "ana.example.pt" });
    expect(await getDb().publicInterest.count({ where: { email: "ana.example.pt" } })).toBe(0);
  });

  it("keeps the address once, in lower case, with the visitor's language, and thanks them", async () => {
    for (const email of ["Ana@Example.pt", "ana@example.pt "]) {
      const reply = unwrapData<Reply>(await run(() => action(args(post({ email }, {}, "?lng=es")))));
      expect(reply.value).toEqual({ status: "thanks" });
    }
    expect(await getDb().publicInterest.findMany({ where: { email: "ana@example.pt" }, select: { email: true, language: true } })).toEqual([{ email: "ana@example.pt", language: "es" }]);
  });

  it("thanks a bot that filled the honeypot and stores nothing", async () => {
    const reply = unwrapData<Reply>(await run(() => action(args(post({ email: "bot@spam.test", website: "http://spam.test" })))));
    expect(reply.value).toEqual({ status: "thanks" });
    expect(await getDb().publicInterest.count({ where: { email: "bot@spam.test" } })).toBe(0);
  });

  it("gives one client address 5 tries an hour, then says when to try again", async () => {
    for (let i = 0; i < 5; i++) expect(unwrapData<Reply>(await run(() => action(args(post({ email: `p${i}@example.pt` }))))).status).toBe(200);
    const limited = unwrapData<Reply & { message: string }>(await run(() => action(args(post({ email: "p6@example.pt" })))));
    expect(limited.status).toBe(429);
    expect(limited.value.message).toBe("errors.rateLimited");
    expect(await getDb().publicInterest.count({ where: { email: "p6@example.pt" } })).toBe(0);
    // Another address is not held back.
    expect(unwrapData<Reply>(await run(() => action(args(post({ email: "q@example.pt" }, { "X-Client-IP": "203.0.113.8" }))))).status).toBe(200);
  });
});

describe("POST /api/public-interest", () => {
  const call = (body: unknown, language = "pt") =>
    run(() => interestApi(args(new Request(`${BASE}/api/public-interest?lng=${language}`, { method: "POST", headers: { "Content-Type": "application/json", "X-Client-IP": "198.51.100.1" }, body: JSON.stringify(body) })))) as Promise<Response>;

  it("stores the address (201) and answers the thank-you in the caller's language", async () => {
    const response = await call({ email: "api@example.pt" }, "en");
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ ok: true, message: "Thank you! We will be in touch." });
    expect(await getDb().publicInterest.count({ where: { email: "api@example.pt" } })).toBe(1);
  });

  it("refuses an address without @ (400 {detail}) and anything but POST (405)", async () => {
    const bad = await call({ email: "nope" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ detail: "Indique um endereço de e-mail com @." });
    expect((await call("not an object")).status).toBe(400);
    expect(((await interestApiLoader(args(getRequest("/api/public-interest")))) as Response).status).toBe(405);
  });
});
