// @module-tag time-zones (rerun under far time zones: npm run test:time-zones)
// Calendar feeds over real HTTP, fetched as a calendar app does (no cookie, the token in the
// address) through the request guards, and parsed with ical.js: all-day events with exclusive
// ends, what each owner may see ("Absent" without reasons for colleagues), revoked, renewed and
// unknown addresses alike, a deactivated owner, a team the owner left, the last fetch, ETag/304,
// a fixed number of queries; and the management page's loader and actions signed in like a
// browser: another company's ids (404, nothing changed), a team the person may not have (403),
// confirmation before renewing and revoking, audit entries.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { todayIn } from "~/lib/dates";
import { createFeed, renewFeed, revokeFeed } from "~/models/calendar-feed.server";
import { deactivateUser } from "~/models/user.server";
import { action as feedsAction, loader as feedsLoader } from "~/routes/_app.calendar-feeds";
import { loader as feedLoader } from "~/routes/feeds.$file";
import { action as loginAction } from "~/routes/login";
import { createDb, getDb, setDb } from "~/utils/db.server";
import { resetRateLimits } from "~/utils/rate-limit.server";
import { generateToken } from "~/utils/tokens.server";
import { createCompany, createTeam, createUser, createVacation, TEST_PASSWORD, viewerFor } from "../support/factories";
import { args, cookiesFrom, getRequest, postForm, run, unwrapData } from "../support/http";
import { parseFeed } from "../support/ical";
import { fetchHandler, listenGuarded, type GuardedApp } from "../support/fetch-handler";

type User = Awaited<ReturnType<typeof createUser>>;
interface Reply {
  notice?: { tone: string; key: string; detail?: string; values?: Record<string, string> };
  confirm?: { fields: Record<string, string> };
  issued?: { feedId: string; label: string; url: string; webcal: string };
  targetError?: string;
}

let queries = 0;
let server: GuardedApp;
let base = "";
let acme: string;
let globex: string;
let year: number;
const people: Record<string, User> = {};
const teams: Record<string, string> = {};
const cookies: Record<string, string> = {};

/** Stands in for the Remix build: the feed route's loader, as the app serves it. */
async function render(request: Request): Promise<Response> {
  const match = /^\/feeds\/([^/]+)$/.exec(new URL(request.url).pathname);
  if (!match) return new Response("Not Found", { status: 404 });
  return feedLoader(args(request, { file: decodeURIComponent(match[1]) }));
}

/** What a calendar app sends: no cookie, no Origin, its own user agent. */
function fetchFeed(path: string, headers: Record<string, string> = {}) {
  return fetch(base + path, { headers: { "User-Agent": "Google-Calendar-Importer", Accept: "text/calendar, */*", ...headers } });
}

async function feedOf(path: string) {
  const response = await fetchFeed(path);
  expect(response.status).toBe(200);
  return parseFeed(await response.text());
}

const pathOf = (token: string) => `/feeds/${token}.ics`;

async function signIn(email: string) {
  const response = (await loginAction(args(postForm("/login", { email, password: TEST_PASSWORD })))) as Response;
  expect(response.status).toBe(302);
  return cookiesFrom(response);
}

async function post(fields: Record<string, string>, cookie: string, path = "/calendar-feeds") {
  return unwrapData<Reply>(await run(() => feedsAction(args(postForm(path, fields, cookie)))));
}

const feedRows = (companyId: string) =>
  getDb().calendarFeed.findMany({ where: { companyId }, orderBy: { id: "asc" }, select: { id: true, tokenHash: true, revokedAt: true, renewedAt: true, ownerId: true } });

const lastAudit = (action: string, entityId: string) =>
  getDb().auditEntry.findFirst({ where: { action, entityId }, orderBy: { createdAt: "desc" } }).then((e) => (e ? { ...e, details: JSON.parse(e.details) as Record<string, unknown> } : null));

beforeAll(async () => {
  await resetRateLimits();
  // A client of this file's database that counts every SQL statement (the fixed-count test).
  const db = createDb(process.env.DATABASE_URL!, { logQueries: true });
  (db as unknown as { $on(event: "query", listener: () => void): void }).$on("query", () => {
    queries++;
  });
  setDb(db);
  year = Number(todayIn("Europe/Lisbon").slice(0, 4));

  acme = (await getDb().company.update({ where: { id: (await createCompany("Acme")).id }, data: { name: "Acme Lda" } })).id;
  people.owner = await createUser(acme, { role: "owner", fullName: "Olga Owner" });
  people.companyAdmin = await createUser(acme, { role: "admin", fullName: "Carlos Admin" });
  people.redAdmin = await createUser(acme, { role: "admin", fullName: "Rita Red" });
  teams.red = (await createTeam(acme, "Red", [people.redAdmin.id])).id;
  await getDb().user.update({ where: { id: people.redAdmin.id }, data: { teamId: teams.red } });
  people.eve = await createUser(acme, { fullName: "Eve Employee", teamId: teams.red, preferredLanguage: "en" });
  // A user (not a company admin) who administers Blue without belonging to it.
  people.blueHelper = await createUser(acme, { fullName: "Hugo Helper", teamId: teams.red, preferredLanguage: "en" });
  teams.blue = (await createTeam(acme, "Blue", [people.blueHelper.id])).id;
  people.bob = await createUser(acme, { fullName: "Bob Blue", teamId: teams.blue });
  people.leaver = await createUser(acme, { fullName: "Lea Leaver", teamId: teams.blue, preferredLanguage: "en" });

  const db2 = getDb();
  const add = (user: User, startDate: string, endDate: string, status: string, description = "") =>
    db2.vacation.create({ data: { companyId: acme, userId: user.id, startDate, endDate, status, description } });
  await add(people.eve, `${year}-12-31`, `${year + 1}-01-01`, "approved", "New year trip");
  await add(people.eve, `${year + 1}-01-31`, `${year + 1}-01-31`, "pending", "Moving house");
  await add(people.bob, `${year + 1}-03-02`, `${year + 1}-03-04`, "approved", "Dentist secret");
  await add(people.bob, `${year + 1}-04-06`, `${year + 1}-04-06`, "pending", "Bob's pending");
  await add(people.bob, `${year + 1}-05-04`, `${year + 1}-05-05`, "rejected", "Rejected one");
  await add(people.bob, `${year + 1}-06-01`, `${year + 1}-06-02`, "cancelled", "Cancelled one");
  // Outside the window (more than a year ago, more than two years ahead).
  await add(people.bob, `${year - 3}-06-01`, `${year - 3}-06-02`, "approved", "Long ago");
  await add(people.bob, `${year + 4}-06-01`, `${year + 4}-06-02`, "approved", "Far ahead");

  globex = (await createCompany("Globex")).id;
  people.globexOwner = await createUser(globex, { role: "owner", fullName: "Gina Globex" });
  teams.globex = (await createTeam(globex, "Red")).id;
  await createVacation(globex, people.globexOwner.id, { startDate: `${year + 1}-03-02`, endDate: `${year + 1}-03-03`, status: "approved" });

  for (const name of ["owner", "companyAdmin", "redAdmin", "eve", "blueHelper", "bob", "globexOwner"]) cookies[name] = await signIn(people[name].email);

  server = await listenGuarded(fetchHandler(render));
  base = server.base;
}, 60_000);

afterAll(() => server.close());

beforeEach(() => resetRateLimits());

describe("a feed fetched as a calendar app fetches it", () => {
  it("answers text/calendar without a cookie, and ical.js reads all-day events with exclusive DATE ends", async () => {
    const { token } = await createFeed(await viewerFor(people.eve), { scope: "person", teamId: null });
    const response = await fetchFeed(pathOf(token));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("private, no-cache");
    const ics = await response.text();
    // Across the year's end and a month's end: DTEND is the day after the last day, as a DATE.
    expect(ics).toContain(`DTSTART;VALUE=DATE:${year}1231`);
    expect(ics).toContain(`DTEND;VALUE=DATE:${year + 1}0102`);
    expect(ics).toContain(`DTEND;VALUE=DATE:${year + 1}0201`);
    const feed = parseFeed(ics);
    expect(feed.name).toBe("Folga — Eve Employee");
    expect(feed.events).toEqual([
      expect.objectContaining({ summary: "Vacation", description: "New year trip", status: "CONFIRMED", start: `${year}-12-31`, end: `${year + 1}-01-02`, startType: "date", endType: "date", transparency: "OPAQUE" }),
      expect.objectContaining({ summary: "Vacation (pending)", description: "Moving house", status: "TENTATIVE", start: `${year + 1}-01-31`, end: `${year + 1}-02-01`, startType: "date", endType: "date" }),
    ]);
    // Stable ids: the same event has the same UID in every fetch, so apps update rather than duplicate.
    expect(feed.events.every((event) => event.uid.endsWith("@app.test"))).toBe(true);
    expect((await feedOf(pathOf(token))).events.map((e) => e.uid)).toEqual(feed.events.map((e) => e.uid));
  });

  it("shows an employee's colleagues as 'Absent' in the owner's language, without reason or category, and no rejected, cancelled or out-of-window vacation", async () => {
    const { token } = await createFeed(await viewerFor(people.eve), { scope: "company", teamId: null });
    const feed = await feedOf(pathOf(token));
    expect(feed.name).toBe("Folga — Acme Lda");
    const bobs = feed.events.filter((event) => event.summary.startsWith("Bob Blue"));
    expect(bobs.map((event) => [event.summary, event.description, event.status, event.start, event.end])).toEqual([
      ["Bob Blue — Absent", null, "CONFIRMED", `${year + 1}-03-02`, `${year + 1}-03-05`],
      ["Bob Blue — Absent (pending)", null, "TENTATIVE", `${year + 1}-04-06`, `${year + 1}-04-07`],
    ]);
    expect(bobs.every((event) => event.categories.length === 0 && event.transparency === "TRANSPARENT")).toBe(true);
    // Her own vacations keep their reason in the company feed too.
    expect(feed.events.find((event) => event.summary === "Eve Employee — Vacation")?.description).toBe("New year trip");
    const text = JSON.stringify(feed);
    for (const hidden of ["Dentist secret", "Bob's pending", "Rejected one", "Cancelled one", "Long ago", "Far ahead", "Gina"]) expect(text).not.toContain(hidden);
  });

  it("shows a company admin everyone's reasons, and a team admin their team's only", async () => {
    const admin = await feedOf(pathOf((await createFeed(await viewerFor(people.companyAdmin), { scope: "company", teamId: null })).token));
    // No preference stored: Portuguese, the default.
    expect(admin.events.find((event) => event.start === `${year + 1}-03-02`)).toMatchObject({ summary: "Bob Blue — Férias", description: "Dentist secret" });
    expect(admin.events.find((event) => event.start === `${year + 1}-04-06`)?.summary).toBe("Bob Blue — Férias (pendente)");

    // Rita administers Red (Eve's team) and, as an admin, is a company admin too: she sees all.
    const rita = await feedOf(pathOf((await createFeed(await viewerFor(people.redAdmin), { scope: "company", teamId: null })).token));
    expect(rita.events.find((event) => event.start === `${year + 1}-03-02`)?.description).toBe("Dentist secret");

    // Hugo, a user who administers Blue, sees Blue's reasons but not Red's colleagues'.
    const hugo = await feedOf(pathOf((await createFeed(await viewerFor(people.blueHelper), { scope: "company", teamId: null })).token));
    expect(hugo.events.find((event) => event.start === `${year + 1}-03-02`)).toMatchObject({ summary: "Bob Blue — Vacation", description: "Dentist secret" });
    expect(hugo.events.find((event) => event.start === `${year}-12-31`)).toMatchObject({ summary: "Eve Employee — Absent", description: null });
  });

  it("gives a team feed the team's members only", async () => {
    const feed = await feedOf(pathOf((await createFeed(await viewerFor(people.eve), { scope: "team", teamId: teams.red })).token));
    expect(feed.name).toBe("Folga — Red");
    expect(new Set(feed.events.map((event) => event.summary.split(" — ")[0]))).toEqual(new Set(["Eve Employee"]));
    const blue = await feedOf(pathOf((await createFeed(await viewerFor(people.blueHelper), { scope: "team", teamId: teams.blue })).token));
    expect(blue.name).toBe("Folga — Blue");
    expect(blue.events.map((event) => event.summary)).toEqual(["Bob Blue — Vacation", "Bob Blue — Vacation (pending)"]);
  });

  it("answers every address that does not work with the same 404: unknown, malformed, revoked, renewed", async () => {
    const viewer = await viewerFor(people.bob);
    const revoked = await createFeed(viewer, { scope: "person", teamId: null });
    await revokeFeed(viewer, revoked.feed.id);
    const renewedOld = await createFeed(viewer, { scope: "company", teamId: null });
    const renewed = await renewFeed(viewer, renewedOld.feed.id);
    const answers = await Promise.all(
      [pathOf(generateToken()), "/feeds/not-a-token.ics", `/feeds/${generateToken()}`, pathOf(revoked.token), pathOf(renewedOld.token)].map(async (path) => {
        const response = await fetchFeed(path);
        return { status: response.status, type: response.headers.get("content-type"), body: await response.text() };
      }),
    );
    expect(new Set(answers.map((answer) => JSON.stringify(answer)))).toEqual(new Set([JSON.stringify({ status: 404, type: "text/plain; charset=utf-8", body: "Not Found" })]));
    expect((await fetchFeed(pathOf(renewed.token))).status).toBe(200);
  });

  it("stops answering once its owner is deactivated", async () => {
    const { token } = await createFeed(await viewerFor(people.leaver), { scope: "company", teamId: null });
    expect((await fetchFeed(pathOf(token))).status).toBe(200);
    await deactivateUser(await viewerFor(people.owner), people.leaver.id);
    expect((await fetchFeed(pathOf(token))).status).toBe(404);
  });

  it("stops answering a team feed while its owner is out of the team, and answers again when they are back", async () => {
    const helper = await createUser(acme, { fullName: "Mover", teamId: teams.blue });
    const { token } = await createFeed(await viewerFor(helper), { scope: "team", teamId: teams.blue });
    expect((await fetchFeed(pathOf(token))).status).toBe(200);
    await getDb().user.update({ where: { id: helper.id }, data: { teamId: teams.red } });
    expect((await fetchFeed(pathOf(token))).status).toBe(404);
    await getDb().user.update({ where: { id: helper.id }, data: { teamId: teams.blue } });
    expect((await fetchFeed(pathOf(token))).status).toBe(200);
  });

  it("records the last fetch at most once a minute, and answers 304 to a copy that is still current", async () => {
    const { feed, token } = await createFeed(await viewerFor(people.companyAdmin), { scope: "person", teamId: null });
    const lastFetched = async () => (await getDb().calendarFeed.findUniqueOrThrow({ where: { id: feed.id } })).lastFetchedAt;
    expect(await lastFetched()).toBeNull();
    const first = await fetchFeed(pathOf(token));
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^W\/".+"$/);
    const recorded = await lastFetched();
    expect(recorded).toBeInstanceOf(Date);

    const again = await fetchFeed(pathOf(token), { "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(await lastFetched()).toEqual(recorded);

    // A minute later the next fetch (a 304 too) is recorded.
    const earlier = new Date(recorded!.getTime() - 61_000);
    await getDb().calendarFeed.update({ where: { id: feed.id }, data: { lastFetchedAt: earlier } });
    expect((await fetchFeed(pathOf(token), { "If-None-Match": etag })).status).toBe(304);
    expect((await lastFetched())!.getTime()).toBeGreaterThan(earlier.getTime());

    // A vacation that changes changes the document and its ETag.
    await getDb().vacation.create({ data: { companyId: acme, userId: people.companyAdmin.id, startDate: `${year + 1}-07-01`, endDate: `${year + 1}-07-03`, status: "approved" } });
    const changed = await fetchFeed(pathOf(token), { "If-None-Match": etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
  });

  it("makes the same number of queries whatever the size of the company", async () => {
    const { token } = await createFeed(await viewerFor(people.owner), { scope: "company", teamId: null });
    const count = async () => {
      // Past the once-a-minute mark, so each fetch also records itself.
      await getDb().calendarFeed.updateMany({ where: { companyId: acme }, data: { lastFetchedAt: null } });
      queries = 0;
      expect((await fetchFeed(pathOf(token))).status).toBe(200);
      return queries;
    };
    const before = await count();
    for (let i = 0; i < 30; i++) {
      const person = await createUser(acme, { fullName: `Extra ${i}`, teamId: i % 2 ? teams.red : teams.blue });
      await getDb().vacation.createMany({
        data: [1, 2, 3].map((k) => ({ companyId: acme, userId: person.id, startDate: `${year + 1}-0${k}-1${k}`, endDate: `${year + 1}-0${k}-1${k + 1}`, status: k === 2 ? "pending" : "approved" })),
      });
    }
    const feed = await feedOf(pathOf(token));
    expect(feed.events.length).toBeGreaterThan(90);
    expect(await count()).toBe(before);
    // The feed with its owner, team and company; the vacations with their people; the absence categories; the fetch.
    expect(before).toBeLessThanOrEqual(10);
  });
});

describe("the feeds page", () => {
  it("lists the person's own feeds with 'never fetched' until a calendar app asks, then when it did", async () => {
    const cookie = cookies.bob;
    const created = await post({ intent: "create", target: "person" }, cookie);
    const issued = created.value.issued!;
    expect(created.status).toBe(200);
    expect(created.value.notice).toMatchObject({ tone: "success", key: "feeds.notices.created" });
    expect(issued.url).toMatch(/^http:\/\/app\.test\/feeds\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(issued.webcal).toBe(issued.url.replace("http:", "webcal:"));
    const page = async () => (await feedsLoader(args(getRequest("/calendar-feeds?scope=person", cookie)))) as Awaited<ReturnType<typeof feedsLoader>>;
    const row = async () => (await page()).feeds.find((feed) => feed.id === issued.feedId)!;
    expect((await row()).lastFetched).toBeNull();
    expect((await page()).preselected).toBe("person");
    expect((await page()).targets.find((target) => target.value === "person")?.taken).toBe(true);

    expect((await fetchFeed(new URL(issued.url).pathname)).status).toBe(200);
    expect((await row()).lastFetched).toEqual({ date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), time: expect.stringMatching(/^\d{2}:\d{2}$/) });

    const audit = await lastAudit("calendar_feed.created", issued.feedId);
    expect(audit).toMatchObject({ companyId: acme, actorId: people.bob.id, entity: "calendar_feed" });
    expect(audit?.details).toEqual({ scope: { old: null, new: "person" }, team_id: { old: null, new: null } });
  });

  it("offers the teams a person may have, and preselects the one the company calendar links to", async () => {
    const eve = (await feedsLoader(args(getRequest(`/calendar-feeds?scope=team&team=${teams.red}`, cookies.eve)))) as Awaited<ReturnType<typeof feedsLoader>>;
    expect(eve.preselected).toBe(`team:${teams.red}`);
    expect(eve.targets.map((target) => target.value)).toEqual(["person", `team:${teams.red}`, "company"]);
    const admin = (await feedsLoader(args(getRequest("/calendar-feeds?scope=company", cookies.companyAdmin)))) as Awaited<ReturnType<typeof feedsLoader>>;
    expect(admin.preselected).toBe("company");
    expect(admin.targets.map((target) => target.value)).toEqual(["person", `team:${teams.blue}`, `team:${teams.red}`, "company"]);
  });

  it("refuses another company's team (404) and a team the person neither belongs to nor administers (403), changing nothing", async () => {
    const before = await feedRows(acme);
    const foreign = await run(() => feedsLoader(args(getRequest(`/calendar-feeds?scope=team&team=${teams.globex}`, cookies.eve))));
    expect((foreign as Response).status).toBe(404);
    const notHers = await run(() => feedsLoader(args(getRequest(`/calendar-feeds?scope=team&team=${teams.blue}`, cookies.eve))));
    expect((notHers as Response).status).toBe(403);

    const createForeign = await post({ intent: "create", target: `team:${teams.globex}` }, cookies.owner);
    expect(createForeign.status).toBe(404);
    expect(createForeign.value.notice).toMatchObject({ tone: "error", key: "feeds.errors.createFailed" });
    const createBlue = await post({ intent: "create", target: `team:${teams.blue}` }, cookies.eve);
    expect(createBlue.status).toBe(403);
    expect(createBlue.value.issued).toBeUndefined();
    const nonsense = await post({ intent: "create", target: "everyone" }, cookies.eve);
    expect(nonsense.status).toBe(400);
    expect(nonsense.value.targetError).toBe("feeds.errors.chooseTarget");
    expect(await feedRows(acme)).toEqual(before);
  });

  it("refuses renewing or revoking another company's feed or a colleague's (404), changing nothing", async () => {
    const globexFeed = await createFeed(await viewerFor(people.globexOwner), { scope: "company", teamId: null });
    const colleagues = await createFeed(await viewerFor(people.redAdmin), { scope: "person", teamId: null });
    const before = [...(await feedRows(acme)), ...(await feedRows(globex))];
    for (const feedId of [globexFeed.feed.id, colleagues.feed.id, "no-such-feed"]) {
      for (const intent of ["renew", "revoke"]) {
        for (const confirmed of [{}, { confirmed: "1" }] as Record<string, string>[]) {
          const answer = await post({ intent, feedId, ...confirmed }, cookies.owner);
          expect(answer.status, `${intent} ${feedId}`).toBe(404);
          expect(answer.value.confirm).toBeUndefined();
        }
      }
    }
    expect([...(await feedRows(acme)), ...(await feedRows(globex))]).toEqual(before);
    expect((await fetchFeed(pathOf(globexFeed.token))).status).toBe(200);
    expect((await fetchFeed(pathOf(colleagues.token))).status).toBe(200);
  });

  it("refuses a second feed of the same kind (409): renewing is how to get a new address", async () => {
    await createFeed(await viewerFor(people.redAdmin), { scope: "team", teamId: teams.red });
    const again = await post({ intent: "create", target: `team:${teams.red}` }, cookies.redAdmin);
    expect(again.status).toBe(409);
    expect(again.value.targetError).toBe("feeds.errors.exists");
  });

  it("asks before renewing, then gives a new address while the old one stops; audited", async () => {
    const { feed, token } = await createFeed(await viewerFor(people.owner), { scope: "team", teamId: teams.blue });
    const asked = await post({ intent: "renew", feedId: feed.id }, cookies.owner);
    expect(asked.value.confirm?.fields).toEqual({ intent: "renew", feedId: feed.id });
    expect(asked.value.issued).toBeUndefined();
    expect((await fetchFeed(pathOf(token))).status).toBe(200);

    const renewed = await post({ intent: "renew", feedId: feed.id, confirmed: "1" }, cookies.owner);
    expect(renewed.value.notice).toMatchObject({ tone: "success", key: "feeds.notices.renewed", values: { label: "Equipa Blue" } });
    expect((await fetchFeed(pathOf(token))).status).toBe(404);
    expect((await fetchFeed(new URL(renewed.value.issued!.url).pathname)).status).toBe(200);
    const audit = await lastAudit("calendar_feed.renewed", feed.id);
    expect(audit?.details).toMatchObject({ scope: "team", team_id: teams.blue, renewed_at: { old: null, new: expect.any(String) } });
  });

  it("asks before revoking (with or without JavaScript the same question), then the address stops; audited", async () => {
    const { feed, token } = await createFeed(await viewerFor(people.companyAdmin), { scope: "team", teamId: teams.red });
    const asked = await post({ intent: "revoke", feedId: feed.id }, cookies.companyAdmin);
    expect(asked.value.confirm?.fields).toEqual({ intent: "revoke", feedId: feed.id });
    expect((await fetchFeed(pathOf(token))).status).toBe(200);
    const revoked = await post({ intent: "revoke", feedId: feed.id, confirmed: "1" }, cookies.companyAdmin);
    expect(revoked.value.notice).toMatchObject({ tone: "success", key: "feeds.notices.revoked" });
    expect((await fetchFeed(pathOf(token))).status).toBe(404);
    const page = (await feedsLoader(args(getRequest("/calendar-feeds", cookies.companyAdmin)))) as Awaited<ReturnType<typeof feedsLoader>>;
    expect(page.feeds.some((row) => row.id === feed.id)).toBe(false);
    expect((await lastAudit("calendar_feed.revoked", feed.id))?.details).toMatchObject({ scope: "team", team_id: teams.red, revoked_at: { old: null, new: expect.any(String) } });
    // Revoked for good: neither renewed nor revoked again.
    expect((await post({ intent: "renew", feedId: feed.id, confirmed: "1" }, cookies.companyAdmin)).status).toBe(404);
  });

  it("sends a signed-out visitor to sign in, and answers an unknown intent with a 400", async () => {
    const signedOut = await run(() => feedsLoader(args(getRequest("/calendar-feeds?scope=person"))));
    expect((signedOut as Response).status).toBe(302);
    expect((signedOut as Response).headers.get("Location")).toBe(`/login?${new URLSearchParams({ redirectTo: "/calendar-feeds?scope=person" })}`);
    expect((await post({ intent: "explode" }, cookies.eve)).status).toBe(400);
  });
});
