import { beforeAll, describe, expect, it } from "vitest";
import { action as languageAction } from "~/routes/language";
import { loader as messagesLoader } from "~/routes/locales.$lng";
import { action as loginAction } from "~/routes/login";
import { loader as rootLoader } from "~/root";
import { getDb } from "~/utils/db.server";
import { languageCookie } from "~/utils/i18n.server";
import { createCompany, createUser, TEST_PASSWORD } from "../support/factories";
import { args, cookiesFrom, getRequest, postForm, unwrapData } from "../support/http";

let userId: string;
let cookie: string;

beforeAll(async () => {
  const company = await createCompany();
  userId = (await createUser(company.id, { email: "lang@example.test" })).id;
  const response = (await loginAction(args(postForm("/login", { email: "lang@example.test", password: TEST_PASSWORD })))) as Response;
  cookie = cookiesFrom(response);
});

async function languageOf(request: Request) {
  return unwrapData<{ language: string }>(await rootLoader(args(request))).value.language;
}

describe("language", () => {
  it("is Portuguese by default", async () => {
    expect(await languageOf(getRequest("/login"))).toBe("pt");
  });

  it("follows Accept-Language when nothing was chosen, falling back to Portuguese", async () => {
    expect(await languageOf(getRequest("/login", undefined, { "Accept-Language": "es-ES,es;q=0.9" }))).toBe("es");
    expect(await languageOf(getRequest("/login", undefined, { "Accept-Language": "de-DE" }))).toBe("pt");
  });

  it("takes the first of its languages in the browser's order of preference", async () => {
    const cases: Array<[string, string]> = [
      ["en-US,en;q=0.9", "en"],
      ["ca-ES, es;q=0.9", "es"],
      ["de;q=1, es;q=0.5, en;q=0.8", "en"],
      ["fr-FR, ES;q=0.7", "es"],
      ["PT-br", "pt"],
      ["en;q=0, es;q=0.1", "es"],
      // A later, lower-rated entry does not win by matching more exactly; equal weights keep the header's order.
      ["en-US,es;q=0.9,en;q=0.8", "en"],
      ["pt-BR,es;q=0.9,pt;q=0.8", "pt"],
      ["en-US, es", "en"],
      ["pt-BR, en", "pt"],
      ["de-DE, en-US, es", "en"],
      ["*", "pt"],
      ["¿?, ;;q=", "pt"],
    ];
    for (const [header, language] of cases) {
      expect([header, await languageOf(getRequest("/login", undefined, { "Accept-Language": header }))]).toEqual([header, language]);
    }
    // The chosen language comes first.
    const chosen = await languageCookie.serialize("es");
    expect(await languageOf(getRequest("/login", chosen.split(";")[0], { "Accept-Language": "en-US" }))).toBe("es");
  });

  it("lets ?lng= win over the cookie and remembers it", async () => {
    const withCookie = `lng=${encodeURIComponent(btoa(JSON.stringify("es")))}`;
    const result = unwrapData<{ language: string }>(await rootLoader(args(getRequest("/login?lng=en", withCookie))));
    expect(result.value.language).toBe("en");
    expect(await languageCookie.parse(result.headers.get("Set-Cookie"))).toBe("en");
  });

  it("stores the choice in a cookie and on the signed-in user's profile, then goes back", async () => {
    const response = (await languageAction(args(postForm("/language", { lng: "en", redirectTo: "/vacations?x=1" }, cookie)))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/vacations?x=1");
    expect(await languageCookie.parse(response.headers.get("Set-Cookie"))).toBe("en");
    expect((await getDb().user.findUniqueOrThrow({ where: { id: userId } })).preferredLanguage).toBe("en");
    expect(await languageOf(getRequest("/vacations", cookiesFrom(response, cookie)))).toBe("en");
  });

  it("works signed out (cookie only) and ignores unknown languages", async () => {
    const ok = (await languageAction(args(postForm("/language", { lng: "es", redirectTo: "/login" })))) as Response;
    expect(await languageCookie.parse(ok.headers.get("Set-Cookie"))).toBe("es");
    const bad = (await languageAction(args(postForm("/language", { lng: "de", redirectTo: "https://evil.example" })))) as Response;
    expect(bad.headers.get("Set-Cookie")).toBeNull();
    expect(bad.headers.get("Location")).toBe("/");
  });

  it("names each language's messages by an address that changes with them, kept for a year at that address", async () => {
    const addressOf = async (lng: string) => unwrapData<{ messages: string }>(await rootLoader(args(getRequest(`/login?lng=${lng}`)))).value.messages;
    const pt = await addressOf("pt");
    const en = await addressOf("en");
    expect(pt).toMatch(/^\/locales\/pt\?v=[0-9a-f]{12}$/);
    expect(en).toMatch(/^\/locales\/en\?v=[0-9a-f]{12}$/);
    expect(en.split("v=")[1]).not.toBe(pt.split("v=")[1]);

    const current = (await messagesLoader(args(getRequest(en), { lng: "en" }))) as Response;
    expect(current.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(((await current.json()) as { nav: { myCalendar: string } }).nav.myCalendar).toBe("My Calendar");
    // A page from before a deploy names an older version: today's text, not kept for long.
    const stale = (await messagesLoader(args(getRequest("/locales/en?v=000000000000"), { lng: "en" }))) as Response;
    expect(stale.headers.get("Cache-Control")).toBe("public, max-age=300");
    expect(((await stale.json()) as { nav: { myCalendar: string } }).nav.myCalendar).toBe("My Calendar");
    expect(((await messagesLoader(args(getRequest("/locales/de"), { lng: "de" }))) as Response).status).toBe(404);
  });

  it("names no messages on the public landing page, which runs no script", async () => {
    expect(unwrapData<{ messages: string | null }>(await rootLoader(args(getRequest("/public")))).value.messages).toBeNull();
  });
});
