// @module-tag time-zones (rerun under far time zones: npm run test:time-zones)
// Slack and Microsoft Teams (issue 43, docs/decisions/0094-slack-and-teams.md), against a local
// fake of Slack's Web API over HTTP (tests/support/fake-slack.ts) and a Teams receiver of this
// file: the OAuth install bound to the admin who started it, a new request sent to its approver
// after the commit with Approve / Reject, the click (signed the way Slack signs) deciding as the
// approver through the screens' rules, refusals (bad signature, stale timestamp, a Slack user who
// is no approver, another company's workspace), the daily post once per day, and the tab's
// actions (admins only, audited, disconnect asked first).
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { addDays, dayOfWeek, todayIn, yearOf } from "~/lib/dates";
import { upsertAllowance } from "~/models/allowance.server";
import { runChatDailyPosts, settleChat } from "~/models/chat-delivery.server";
import { createVacation } from "~/models/vacation.server";
import { action as integrationsAction, loader as integrationsLoader } from "~/routes/_app.company-settings.integrations/route";
import { loader as callbackLoader } from "~/routes/integrations.slack.callback";
import { loader as installLoader } from "~/routes/integrations.slack.install";
import { action as interactionsAction } from "~/routes/integrations.slack.interactions";
import { action as loginAction } from "~/routes/login";
import { getDb } from "~/utils/db.server";
import { resetRateLimits } from "~/utils/rate-limit.server";
import { createCompany, createTeam, createUser, TEST_PASSWORD, viewerFor } from "../support/factories";
import type { FakeSlack } from "../support/fake-slack";
import { slackInteraction } from "../support/fake-slack";
import { args, cookiesFrom, getRequest, postForm, run, unwrapData } from "../support/http";

const SIGNING_SECRET = "0123456789abcdef0123456789abcdef";

// Configuration is read once per process: the fake must listen (and the variables be set) before any app module reads them.
const slack: FakeSlack = await vi.hoisted(async () => {
  const { startFakeSlack } = await import("../support/fake-slack");
  const started = await startFakeSlack();
  process.env.SLACK_CLIENT_ID = "1234.5678";
  process.env.SLACK_CLIENT_SECRET = "fedcba9876543210fedcba9876543210";
  process.env.SLACK_SIGNING_SECRET = "0123456789abcdef0123456789abcdef";
  process.env.SLACK_API_URL = started.url;
  return started;
});

interface Reply {
  notice?: { tone: string; key: string } | null;
  chatErrors?: Record<string, string>;
  confirm?: { fields: Record<string, string> };
}

const cookies: Record<string, string> = {};
const ids: Record<string, string> = {};
const teamsReceived: unknown[] = [];
let teams: Server;
let teamsUrl = "";
let acme = "";
let globex = "";
let monday = "";
let categoryId = "";

async function signIn(email: string) {
  const response = (await loginAction(args(postForm("/login", { email, password: TEST_PASSWORD })))) as Response;
  expect(response.status).toBe(302);
  return cookiesFrom(response);
}

async function form(fields: Record<string, string>, cookie = cookies.admin) {
  return unwrapData<Reply>(await run(() => integrationsAction(args(postForm("/company-settings/integrations", fields, cookie)))));
}

async function tab(query = "", cookie = cookies.admin) {
  const loaded = await run(() => integrationsLoader(args(getRequest(`/company-settings/integrations${query}`, cookie))));
  return loaded as Exclude<typeof loaded, Response>;
}

/** "Add to Slack", Slack's consent (the fake's code), and the callback, as the admin's browser goes through them. */
async function connectSlack(cookie: string, install: { code: string; teamId: string; teamName: string; token: string }, state?: string) {
  slack.installs.set(install.code, install);
  const started = (await run(() => installLoader(args(getRequest("/integrations/slack/install", cookie))))) as Response;
  expect(started.status).toBe(302);
  const consent = new URL(started.headers.get("Location")!);
  expect(consent.origin + consent.pathname).toBe("https://slack.com/oauth/v2/authorize");
  expect(consent.searchParams.get("redirect_uri")).toBe("http://app.test/integrations/slack/callback");
  const query = new URLSearchParams({ code: install.code, state: state ?? consent.searchParams.get("state")! });
  const back = (await run(() => callbackLoader(args(getRequest(`/integrations/slack/callback?${query}`, cookie))))) as Response;
  expect(back.status).toBe(302);
  return { location: back.headers.get("Location")!, state: consent.searchParams.get("state")! };
}

function click(vacationId: string, slackUser: string, teamId: string, actionId = "vacation.approve") {
  return {
    type: "block_actions",
    team: { id: teamId, domain: "acme" },
    user: { id: slackUser, team_id: teamId },
    api_app_id: "A1",
    container: { type: "message", channel_id: "D0APPROVER", message_ts: "1700000000.000001" },
    channel: { id: "D0APPROVER" },
    message: { ts: "1700000000.000001" },
    response_url: "https://hooks.slack.com/actions/T1/1/x",
    actions: [{ type: "button", action_id: actionId, block_id: "decision", value: vacationId, action_ts: "1700000002.000001" }],
  };
}

async function send(request: Request) {
  const response = (await interactionsAction(args(request))) as Response;
  return { status: response.status, outcome: ((await response.json()) as { outcome: string }).outcome };
}

async function request(viewerId: string, weeks: number) {
  const viewer = await viewerFor({ id: viewerId });
  const start = addDays(monday, 7 * weeks);
  const created = await createVacation(viewer, { startDate: start, endDate: addDays(start, 1), halfDayStart: false, halfDayEnd: false, description: "Trip <home>", categoryId, recipientType: "team_admins" });
  await settleChat();
  return created.vacation.id;
}

const statusOf = async (id: string) => (await getDb().vacation.findUniqueOrThrow({ where: { id }, select: { status: true, reviewerId: true } }));

beforeAll(async () => {
  await resetRateLimits();
  teams = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      teamsReceived.push(JSON.parse(body));
      res.statusCode = 202;
      res.end();
    });
  });
  await new Promise<void>((resolve) => teams.listen(0, "127.0.0.1", resolve));
  teamsUrl = `http://127.0.0.1:${(teams.address() as AddressInfo).port}/teams`;
  acme = (await createCompany("Acme chat")).id;
  globex = (await createCompany("Globex chat")).id;
  const admin = await createUser(acme, { role: "admin", email: "admin@chat.test", fullName: "Ana Admin", preferredLanguage: "en" });
  const admin2 = await createUser(acme, { role: "admin", email: "admin2@chat.test", fullName: "Bea Admin", preferredLanguage: "en" });
  const team = await createTeam(acme, "Ops", [admin.id]);
  const employee = await createUser(acme, { email: "eve@chat.test", fullName: "Eve Employee", teamId: team.id, preferredLanguage: "en" });
  const colleague = await createUser(acme, { email: "carl@chat.test", fullName: "Carl Colleague", teamId: team.id });
  const gAdmin = await createUser(globex, { role: "owner", email: "owner@globex-chat.test", preferredLanguage: "en" });
  Object.assign(ids, { admin: admin.id, admin2: admin2.id, employee: employee.id, colleague: colleague.id, gAdmin: gAdmin.id });
  // The same people in Slack: matched by e-mail, never by name.
  slack.users.set("UADMIN", "admin@chat.test");
  slack.users.set("UCARL", "carl@chat.test");
  slack.users.set("USTRANGER", "stranger@elsewhere.test");
  slack.users.set("UGLOBEX", "owner@globex-chat.test");
  cookies.admin = await signIn("admin@chat.test");
  cookies.admin2 = await signIn("admin2@chat.test");
  cookies.employee = await signIn("eve@chat.test");
  cookies.gAdmin = await signIn("owner@globex-chat.test");
  monday = `${yearOf(todayIn("Europe/Lisbon")) + 1}-02-01`;
  while (dayOfWeek(monday) !== 1) monday = addDays(monday, 1);
  categoryId = (await getDb().absenceCategory.findFirstOrThrow({ where: { companyId: acme, requiresApproval: true, balance: "none" }, orderBy: { sortOrder: "asc" } })).id;
  await upsertAllowance(await viewerFor(admin), { userId: employee.id, year: yearOf(monday), yearly: 22, residual: 0, specialLeave: 0 });
});

afterAll(async () => {
  await settleChat();
  await slack.close();
  await new Promise<void>((resolve) => teams.close(() => resolve()));
});

describe("connecting Slack", () => {
  it("offers Add to Slack to admins only, and refuses an install another admin started", async () => {
    expect(((await run(() => installLoader(args(getRequest("/integrations/slack/install", cookies.employee))))) as Response).status).toBe(403);
    expect((await tab()).chat).toMatchObject({ slackAvailable: true, slack: null, teams: null });
    // Admin 2 finishing admin 1's consent (a link passed on, or a forged callback) connects nothing.
    slack.installs.set("code-x", { code: "code-x", teamId: "TACME", teamName: "Acme", token: "xoxb-acme" } as never);
    const started = (await run(() => installLoader(args(getRequest("/integrations/slack/install", cookies.admin))))) as Response;
    const state = new URL(started.headers.get("Location")!).searchParams.get("state")!;
    const stolen = (await run(() => callbackLoader(args(getRequest(`/integrations/slack/callback?code=code-x&state=${encodeURIComponent(state)}`, cookies.admin2))))) as Response;
    expect(stolen.headers.get("Location")).toBe("/company-settings/integrations?slack=slack_state");
    expect(await getDb().chatIntegration.count({ where: { companyId: acme } })).toBe(0);
    expect(slack.callsOf("oauth.v2.access")).toHaveLength(0);
  });

  it("exchanges the code for the bot token, keeps it sealed, audits, and shows the workspace", async () => {
    const { location } = await connectSlack(cookies.admin, { code: "code-acme", teamId: "TACME", teamName: "Acme", token: "xoxb-acme" });
    expect(location).toBe("/company-settings/integrations?slack=connected");
    const [exchange] = slack.callsOf("oauth.v2.access");
    expect(exchange.args).toMatchObject({ code: "code-acme", client_id: "1234.5678", redirect_uri: "http://app.test/integrations/slack/callback" });
    const row = await getDb().chatIntegration.findUniqueOrThrow({ where: { companyId: acme } });
    expect(row.slackTeamId).toBe("TACME");
    expect(row.slackBotToken).not.toContain("xoxb-acme");
    const shown = await tab("?slack=connected");
    expect(shown.chat).toMatchObject({ slack: { teamName: "Acme", channel: null }, notice: { key: "chat.notices.slackConnected", values: { name: "Acme" } } });
    expect(JSON.stringify(shown)).not.toContain("xoxb");
    const audit = await getDb().auditEntry.findFirstOrThrow({ where: { companyId: acme, action: "chat.slack_connected" } });
    expect(audit.actorId).toBe(ids.admin);
  });

  it("refuses a workspace another company already connected", async () => {
    const { location } = await connectSlack(cookies.gAdmin, { code: "code-taken", teamId: "TACME", teamName: "Acme", token: "xoxb-acme-2" });
    expect(location).toBe("/company-settings/integrations?slack=slack_taken");
    await connectSlack(cookies.gAdmin, { code: "code-globex", teamId: "TGLOBEX", teamName: "Globex", token: "xoxb-globex" });
    expect((await getDb().chatIntegration.findUniqueOrThrow({ where: { companyId: globex } })).slackTeamId).toBe("TGLOBEX");
  });
});

describe("a request in Slack", () => {
  it("is sent to its approver, found by e-mail, after the commit, with Approve and Reject; the Approve click approves it and answers in the message", async () => {
    const before = slack.calls.length;
    const id = await request(ids.employee, 0);
    const calls = slack.calls.slice(before);
    expect(calls.filter((c) => c.method === "users.lookupByEmail").map((c) => c.args.email)).toEqual(["admin@chat.test"]);
    const posts = calls.filter((c) => c.method === "chat.postMessage");
    expect(posts).toHaveLength(1);
    expect(posts[0].token).toBe("xoxb-acme");
    expect(posts[0].args.channel).toBe("UADMIN");
    const blocks = JSON.stringify(posts[0].args.blocks);
    expect(blocks).toContain("Eve Employee");
    // The reason is Slack-escaped: no markup from a person's text.
    expect(blocks).toContain("Trip &lt;home&gt;");
    const buttons = (posts[0].args.blocks as { type: string; elements?: { action_id: string; value?: string }[] }[]).find((b) => b.type === "actions")!.elements!;
    expect(buttons.filter((b) => b.value === id).map((b) => b.action_id)).toEqual(["vacation.approve", "vacation.reject"]);
    expect((await getDb().chatMessage.findMany({ where: { vacationId: id } })).map((m) => m.status)).toEqual(["sent"]);

    expect(await send(slackInteraction(click(id, "UADMIN", "TACME"), SIGNING_SECRET))).toEqual({ status: 200, outcome: "approved" });
    expect(await statusOf(id)).toEqual({ status: "approved", reviewerId: ids.admin });
    const update = slack.callsOf("chat.update").at(-1)!;
    expect(update.args).toMatchObject({ channel: "D0APPROVER", ts: "1700000000.000001" });
    expect(JSON.stringify(update.args.blocks)).toContain("Approved by Ana Admin");
    // The same audit as a decision on the screen, by the approver.
    expect(await getDb().auditEntry.count({ where: { entityId: id, action: "vacation.approved", actorId: ids.admin } })).toBe(1);
  });

  it("rejects with the Reject button", async () => {
    const id = await request(ids.employee, 1);
    expect(await send(slackInteraction(click(id, "UADMIN", "TACME", "vacation.reject"), SIGNING_SECRET))).toEqual({ status: 200, outcome: "rejected" });
    expect((await statusOf(id)).status).toBe("rejected");
  });

  it("refuses a click with a bad signature or a stale timestamp (401), changing nothing", async () => {
    const id = await request(ids.employee, 2);
    expect(await send(slackInteraction(click(id, "UADMIN", "TACME"), "ffffffffffffffffffffffffffffffff"))).toEqual({ status: 401, outcome: "bad_signature" });
    const tampered = slackInteraction(click(id, "UADMIN", "TACME"), SIGNING_SECRET);
    const body = (await tampered.text()).replace("UADMIN", "UCARL");
    expect(await send(new Request(tampered.url, { method: "POST", headers: tampered.headers, body }))).toEqual({ status: 401, outcome: "bad_signature" });
    const sixMinutesAgo = Math.floor(Date.now() / 1000) - 6 * 60;
    expect(await send(slackInteraction(click(id, "UADMIN", "TACME"), SIGNING_SECRET, sixMinutesAgo))).toEqual({ status: 401, outcome: "stale_timestamp" });
    const unsigned = new Request("http://localhost/integrations/slack/interactions", { method: "POST", body: "payload=%7B%7D" });
    expect((await send(unsigned)).status).toBe(401);
    expect((await statusOf(id)).status).toBe("pending");
  });

  it("refuses a Slack user who is no approver of the request, or nobody in the company, telling only them", async () => {
    const id = await request(ids.employee, 3);
    const ephemeral = slack.callsOf("chat.postEphemeral").length;
    expect(await send(slackInteraction(click(id, "UCARL", "TACME"), SIGNING_SECRET))).toEqual({ status: 200, outcome: "forbidden" });
    expect(await send(slackInteraction(click(id, "USTRANGER", "TACME"), SIGNING_SECRET))).toEqual({ status: 200, outcome: "unknown_person" });
    expect((await statusOf(id)).status).toBe("pending");
    const told = slack.callsOf("chat.postEphemeral").slice(ephemeral);
    expect(told.map((c) => c.args.user)).toEqual(["UCARL", "USTRANGER"]);
    // A request decided already is said so, not decided twice.
    await send(slackInteraction(click(id, "UADMIN", "TACME"), SIGNING_SECRET));
    expect(await send(slackInteraction(click(id, "UADMIN", "TACME", "vacation.reject"), SIGNING_SECRET))).toEqual({ status: 200, outcome: "not_pending" });
    expect((await statusOf(id)).status).toBe("approved");
  });

  it("never acts across companies: another company's workspace cannot decide this company's request, an unknown workspace is a 404", async () => {
    const id = await request(ids.employee, 4);
    // Globex's owner, in Globex's workspace, clicking with Acme's request id.
    expect(await send(slackInteraction(click(id, "UGLOBEX", "TGLOBEX"), SIGNING_SECRET))).toEqual({ status: 200, outcome: "not_found" });
    // Globex's owner naming Acme's workspace: their e-mail is nobody in Acme.
    expect(await send(slackInteraction(click(id, "UGLOBEX", "TACME"), SIGNING_SECRET))).toEqual({ status: 200, outcome: "unknown_person" });
    expect(await send(slackInteraction(click(id, "UADMIN", "TNOBODY"), SIGNING_SECRET))).toEqual({ status: 404, outcome: "unknown_team" });
    expect((await statusOf(id)).status).toBe("pending");
  });

  it("answers a payload it does not know without an error", async () => {
    expect(await send(slackInteraction({ type: "view_submission" }, SIGNING_SECRET))).toEqual({ status: 200, outcome: "ignored" });
    expect(await send(slackInteraction({ type: "block_actions", actions: [{ action_id: "vacation.approve" }] }, SIGNING_SECRET))).toEqual({ status: 400, outcome: "bad_payload" });
    const garbage = slackInteraction("x", SIGNING_SECRET);
    expect((await send(garbage)).status).toBe(200);
  });
});

describe("Teams and the daily post", () => {
  it("connects Teams (admins only, the webhook address rules), sends it new requests as Adaptive Cards", async () => {
    expect((await form({ intent: "chat.teams", teamsUrl }, cookies.employee)).status).toBe(403);
    expect((await form({ intent: "chat.teams", teamsUrl: "ftp://example.com/x" })).value.chatErrors).toEqual({ teamsUrl: "webhooks.validation.httpsOnly" });
    const connected = await form({ intent: "chat.teams", teamsUrl });
    expect(connected.value.notice?.key).toBe("chat.notices.teamsConnected");
    expect((await tab()).chat.teams).toEqual({ host: new URL(teamsUrl).host });
    teamsReceived.length = 0;
    await request(ids.employee, 5);
    expect(teamsReceived).toHaveLength(1);
    const card = JSON.stringify(teamsReceived[0]);
    expect(card).toContain("application/vnd.microsoft.card.adaptive");
    expect(card).toContain("Eve Employee");
  });

  it("sets the daily post (channel and time, checked), and posts who is off once per day to Slack and Teams", async () => {
    expect((await form({ intent: "chat.daily", slackChannel: "not a channel!", postTime: "09:00" })).value.chatErrors).toEqual({ slackChannel: "chat.validation.channel" });
    expect((await form({ intent: "chat.daily", slackChannel: "#off", postTime: "25:00" })).value.chatErrors).toEqual({ postTime: "chat.validation.postTime" });
    expect((await form({ intent: "chat.daily", slackChannel: "#off", postTime: "08:30" }, cookies.employee)).status).toBe(403);
    expect((await form({ intent: "chat.daily", slackChannel: "off", postTime: "08:30" })).value.notice?.key).toBe("chat.notices.updated");
    expect((await tab()).chat).toMatchObject({ slack: { channel: "#off" }, postTime: "08:30" });
    // Eve is off on the first Monday (approved above): the post on that day names her, without the reason.
    const day = monday;
    const before = new Date(`${day}T08:00:00Z`); // 08:00 in Lisbon in winter: before the time
    expect((await runChatDailyPosts(before)).posted).toBe(0);
    teamsReceived.length = 0;
    const after = new Date(`${day}T09:00:00Z`);
    const [first, second] = await Promise.all([runChatDailyPosts(after), runChatDailyPosts(after)]);
    // Acme posts to Slack and Teams once between the two passes (Globex has no channel).
    expect(first.posted + second.posted).toBe(2);
    const post = slack.callsOf("chat.postMessage").at(-1)!;
    expect(post.args.channel).toBe("#off");
    expect(JSON.stringify(post.args.blocks)).toContain("Eve Employee");
    expect(JSON.stringify(post.args.blocks)).not.toContain("Trip");
    expect(teamsReceived).toHaveLength(1);
    expect((await runChatDailyPosts(new Date(`${day}T15:00:00Z`))).posted).toBe(0);
  });

  it("disconnects after asking, audited; nothing is sent to Slack afterwards", async () => {
    const asked = await form({ intent: "chat.disconnect", target: "slack" });
    expect(asked.value.confirm?.fields).toMatchObject({ intent: "chat.disconnect", target: "slack" });
    expect((await tab()).chat.slack).not.toBeNull();
    expect((await form({ intent: "chat.disconnect", target: "slack", confirmed: "1" }, cookies.employee)).status).toBe(403);
    expect((await form({ intent: "chat.disconnect", target: "slack", confirmed: "1" })).value.notice?.key).toBe("chat.notices.slackDisconnected");
    expect((await tab()).chat.slack).toBeNull();
    expect(await getDb().auditEntry.count({ where: { companyId: acme, action: "chat.slack_disconnected" } })).toBe(1);
    const posts = slack.callsOf("chat.postMessage").length;
    const id = await request(ids.employee, 6);
    expect(slack.callsOf("chat.postMessage").length).toBe(posts);
    // Its workspace is no company's now: a click from it is refused.
    expect((await send(slackInteraction(click(id, "UADMIN", "TACME"), SIGNING_SECRET))).status).toBe(404);
    expect((await form({ intent: "chat.disconnect", target: "slack", confirmed: "1" })).status).toBe(404);
  });
});
