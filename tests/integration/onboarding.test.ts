// @module-tag time-zones (rerun under far time zones: npm run test:time-zones)
// A company that signs up today can book today: holidays of its country, a first team the owner
// administers, an allowance, its time zone for "today"; invited people land in their team with
// the default allowance, prorated from their first day of work.
import { beforeEach, describe, expect, it } from "vitest";
import { todayIn, yearOf } from "~/lib/dates";
import { registerCompany } from "~/models/company.server";
import { acceptInvitation, inviteUser } from "~/models/invitation.server";
import { getSetupChecklist } from "~/models/setup.server";
import { loader as myCalendarLoader } from "~/routes/_app.my-calendar";
import { action as dismissAction } from "~/routes/setup-checklist";
import { action as companyAction, loader as companyLoader } from "~/routes/_app.company-settings.company/route";
import { action as usersAction, loader as usersLoader } from "~/routes/_app.company-settings.users/route";
import { action as loginAction } from "~/routes/login";
import { action as signupAction, loader as signupLoader } from "~/routes/signup";
import { getDb } from "~/utils/db.server";
import { loadBalanceInputs } from "~/models/balance.server";
import { AppError } from "~/utils/errors.server";
import { resetRateLimits } from "~/utils/rate-limit.server";
import { createCompany, createTeam, createUser, TEST_PASSWORD, viewerFor } from "../support/factories";
import { args, cookiesFrom, getRequest, postForm, run, unwrapData } from "../support/http";

beforeEach(() => resetRateLimits());

const owner = (email: string) => ({ companyName: `Co ${email}`, fullName: "Olga Owner", email, password: "long-enough-1", language: "pt" as const });

describe("signing up", () => {
  it("gives a Portuguese company its holidays for this year and next, a first team, categories and the owner's allowance", async () => {
    const now = new Date("2027-03-10T12:00:00Z");
    const { company, user } = await registerCompany(owner("olga@pt.test"), now);
    const db = getDb();
    const saved = await db.company.findUniqueOrThrow({ where: { id: company.id } });
    expect(saved).toMatchObject({ countryCode: "PT", timeZone: "Europe/Lisbon", defaultYearlyAllowance: 22 });

    const holidays = await db.holiday.findMany({ where: { companyId: company.id }, orderBy: { date: "asc" } });
    expect(holidays.filter((h) => h.date.startsWith("2027")).length).toBe(13);
    expect(holidays.filter((h) => h.date.startsWith("2028")).length).toBe(13);
    // Good Friday 2027 (Easter is 28 March), from the catalogue, as a calendar date.
    expect(holidays.map((h) => h.date)).toContain("2027-03-26");
    expect(holidays.every((h) => h.countryCode === "PT")).toBe(true);

    const teams = await db.team.findMany({ where: { companyId: company.id }, include: { admins: true, members: true } });
    expect(teams).toHaveLength(1);
    expect(teams[0].name).toBe("Geral");
    expect(teams[0].members.map((m) => m.id)).toEqual([user.id]);
    expect(teams[0].admins.map((a) => a.userId)).toEqual([user.id]);

    expect(await db.allowance.findMany({ where: { userId: user.id }, select: { year: true, yearly: true } })).toEqual([{ year: 2027, yearly: 22 }]);
    expect(await db.absenceCategory.count({ where: { companyId: company.id, active: true } })).toBeGreaterThanOrEqual(5);
    const audit = await db.auditEntry.findFirstOrThrow({ where: { companyId: company.id, action: "company.registered" } });
    expect(JSON.parse(audit.details)).toMatchObject({ country_code: "PT", time_zone: "Europe/Lisbon", first_team: "Geral", holidays: 26 });
  });

  it("takes the year from the company's time zone: New Year's Eve in UTC is already next year in Auckland", async () => {
    const now = new Date("2027-12-31T12:00:00Z");
    const { company } = await registerCompany({ ...owner("kiri@nz.test"), countryCode: "NZ", timeZone: "Pacific/Auckland" }, now);
    expect(todayIn("Pacific/Auckland", now)).toBe("2028-01-01");
    const years = new Set((await getDb().holiday.findMany({ where: { companyId: company.id } })).map((h) => yearOf(h.date)));
    expect([...years].sort()).toEqual([2028, 2029]);
  });

  it("uses the country's main zone when none is chosen, and the chosen country's holidays in its language", async () => {
    const { company } = await registerCompany({ ...owner("eva@es.test"), countryCode: "ES" }, new Date("2027-03-10T12:00:00Z"));
    const saved = await getDb().company.findUniqueOrThrow({ where: { id: company.id } });
    expect(saved.timeZone).toBe("Europe/Madrid");
    const epiphany = await getDb().holiday.findFirst({ where: { companyId: company.id, date: "2027-01-06" } });
    expect(epiphany?.name).toBe("Día de los Reyes Magos");
  });

  it("refuses a country or zone the catalogue does not know, next to the field, creating nothing", async () => {
    const form = { companyName: "Nowhere", fullName: "No One", email: "no@where.test", password: "long-enough-1" };
    type Reply = { result: { error: Record<string, string[]> } };
    const badCountry = unwrapData<Reply>(await signupAction(args(postForm("/signup", { ...form, countryCode: "XX" }))));
    expect(badCountry.status).toBe(400);
    expect(badCountry.value.result.error.countryCode).toEqual(["validation.countryInvalid"]);
    const badZone = unwrapData<Reply>(await signupAction(args(postForm("/signup", { ...form, countryCode: "PT", timeZone: "Mars/Olympus" }))));
    expect(badZone.status).toBe(400);
    expect(badZone.value.result.error.timeZone).toEqual(["validation.timeZoneInvalid"]);
    expect(await getDb().user.count({ where: { email: "no@where.test" } })).toBe(0);
  });

  it("offers the countries in the visitor's language and every time zone", async () => {
    const page = (await signupLoader(args(getRequest("/signup?lng=en")))) as { countries: { code: string; name: string }[]; timeZones: string[] };
    expect(page.countries.find((c) => c.code === "PT")?.name).toBe("Portugal");
    expect(page.countries.find((c) => c.code === "DE")?.name).toBe("Germany");
    expect(page.timeZones).toEqual(expect.arrayContaining(["Europe/Lisbon", "America/Sao_Paulo", "UTC"]));
  });
});

describe("joining by invitation", () => {
  it("lands in the team chosen at invitation with the default allowance, prorated from a start this year", async () => {
    const now = new Date("2027-07-01T09:00:00Z");
    const { user } = await registerCompany(owner("lead@join.test"), now);
    const viewer = await viewerFor(user);
    const team = await getDb().team.findFirstOrThrow({ where: { companyId: viewer.companyId } });
    await getDb().company.update({ where: { id: viewer.companyId }, data: { defaultYearlyAllowance: 25 } });

    await inviteUser(viewer, { email: "new@join.test", fullName: "Nuno New", role: "user", teamId: team.id, startDate: "2027-07-01" }, "pt", now);
    await inviteUser(viewer, { email: "old@join.test", fullName: "Olivia Old", role: "user" }, "pt", now);
    const tokens = await latestInvitationTokens(["new@join.test", "old@join.test"]);

    const newcomer = await acceptInvitation(tokens["new@join.test"], { password: "long-enough-1", language: "pt" }, now);
    const veteran = await acceptInvitation(tokens["old@join.test"], { password: "long-enough-1", language: "en" }, now);
    expect(newcomer).toMatchObject({ teamId: team.id, countryCode: "PT" });
    expect(veteran.teamId).toBeNull();
    // The row keeps the whole allowance; the balance prorates it from the first day (decision
    // 0080): 1 July–31 December 2027 is 132 of 261 weekdays of 25 → 12.64 → 12.5.
    expect(await getDb().allowance.findFirst({ where: { userId: newcomer.id }, select: { year: true, yearly: true } })).toEqual({ year: 2027, yearly: 25 });
    const balances = await loadBalanceInputs(getDb(), viewer.companyId, { fromYear: 2027, toYear: 2027, userIds: [newcomer.id, veteran.id], today: "2027-07-01" });
    expect(balances.balancesOf(newcomer.id, 2027).yearly.total).toBe(12.5);
    expect(balances.balancesOf(veteran.id, 2027).yearly.total).toBe(25);
    expect(await getDb().allowance.findFirst({ where: { userId: veteran.id }, select: { year: true, yearly: true } })).toEqual({ year: 2027, yearly: 25 });
  });

  it("refuses to invite into another company's team", async () => {
    const { user } = await registerCompany(owner("a@tenant.test"));
    const { user: other } = await registerCompany(owner("b@tenant.test"));
    const foreignTeam = await getDb().team.findFirstOrThrow({ where: { companyId: other.companyId } });
    const error = await inviteUser(await viewerFor(user), { email: "x@tenant.test", fullName: "X", role: "user", teamId: foreignTeam.id }, "pt").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(404);
    expect(await getDb().invitation.count({ where: { email: "x@tenant.test" } })).toBe(0);
  });
});

/** The tokens of the invitation mails (the database keeps only their hashes). */
async function latestInvitationTokens(emails: string[]) {
  const mails = await getDb().emailOutbox.findMany({ where: { to: { in: emails } }, orderBy: { createdAt: "desc" } });
  return Object.fromEntries(
    emails.map((email) => {
      const text = mails.find((m) => m.to === email)?.text ?? "";
      const token = new URL(text.match(/https?:\/\/\S+accept-invite\S+/)![0]).searchParams.get("token")!;
      return [email, token];
    }),
  );
}

describe("the company tab", () => {
  async function ownerSession(email: string) {
    const { user } = await registerCompany(owner(email), new Date("2027-03-10T12:00:00Z"));
    await getDb().user.update({ where: { id: user.id }, data: { emailVerifiedAt: new Date() } });
    const cookie = cookiesFrom((await loginAction(args(postForm("/login", { email, password: "long-enough-1" })))) as Response);
    return { user, cookie };
  }
  const settings = {
    intent: "company.update",
    name: "Renamed Co",
    countryCode: "ES",
    timeZone: "Atlantic/Canary",
    defaultYearlyAllowance: "23,5",
    carryOverMaxDays: "3",
    carryOverExpiresOn: "03-31",
  };

  it("saves name, country, zone, default allowance and carry-over, audited old → new, and adds the new country's holidays when asked", async () => {
    const { user, cookie } = await ownerSession("tab@settings.test");
    const before = await getDb().holiday.count({ where: { companyId: user.companyId } });
    const reply = unwrapData<{ notice: { key: string; values: { count: string } } }>(
      await companyAction(args(postForm("/company-settings/company", { ...settings, importHolidays: "on" }, cookie))),
    );
    expect(reply.status).toBe(200);
    expect(reply.value.notice.key).toBe("companySettings.savedWithHolidays");
    const company = await getDb().company.findUniqueOrThrow({ where: { id: user.companyId } });
    expect(company).toMatchObject({ name: "Renamed Co", countryCode: "ES", timeZone: "Atlantic/Canary", defaultYearlyAllowance: 23.5, carryOverMaxDays: 3, carryOverExpiresOn: "03-31" });
    const added = (await getDb().holiday.count({ where: { companyId: user.companyId } })) - before;
    expect(added).toBeGreaterThan(10);
    expect(Number(reply.value.notice.values.count)).toBe(added);
    // Saving again adds no holiday twice.
    await companyAction(args(postForm("/company-settings/company", { ...settings, importHolidays: "on" }, cookie)));
    expect((await getDb().holiday.count({ where: { companyId: user.companyId } })) - before).toBe(added);

    const audit = await getDb().auditEntry.findFirstOrThrow({ where: { companyId: user.companyId, action: "company.updated" }, orderBy: { createdAt: "asc" } });
    expect(JSON.parse(audit.details)).toMatchObject({
      countryCode: { old: "PT", new: "ES" },
      timeZone: { old: "Europe/Lisbon", new: "Atlantic/Canary" },
      defaultYearlyAllowance: { old: 22, new: 23.5 },
      holidays_added: added,
    });
    // "Today" now follows the company's zone.
    expect((await viewerFor(user)).timeZone).toBe("Atlantic/Canary");
  });

  it("names the countries in the language of the page, whatever the person's saved preference", async () => {
    const { cookie } = await ownerSession("lang@settings.test");
    const page = (await companyLoader(args(getRequest("/company-settings/company?lng=es", cookie)))) as { countries: { code: string; name: string }[] };
    expect(page.countries.find((c) => c.code === "DE")?.name).toBe("Alemania");
  });

  it("answers bad values next to their fields and changes nothing", async () => {
    const { user, cookie } = await ownerSession("bad@settings.test");
    type Reply = { result: { error: Record<string, string[]> } };
    const reply = unwrapData<Reply>(
      await companyAction(args(postForm("/company-settings/company", { ...settings, defaultYearlyAllowance: "-2", carryOverMaxDays: "2.25", carryOverExpiresOn: "02-29", name: " " }, cookie))),
    );
    expect(reply.status).toBe(400);
    expect(reply.value.result.error).toMatchObject({
      defaultYearlyAllowance: ["companySettings.daysInvalid"],
      carryOverMaxDays: ["companySettings.daysInvalid"],
      carryOverExpiresOn: ["companySettings.monthDayInvalid"],
      name: ["companySettings.nameRequired"],
    });
    const unknown = unwrapData<Reply>(await companyAction(args(postForm("/company-settings/company", { ...settings, timeZone: "Europe/Atlantis" }, cookie))));
    expect(unknown.value.result.error.timeZone).toEqual(["validation.timeZoneInvalid"]);
    expect(await getDb().company.findUniqueOrThrow({ where: { id: user.companyId } })).toMatchObject({ countryCode: "PT", name: "Co bad@settings.test" });
  });

  it("is for company admins: an employee gets 403 on the page and the action", async () => {
    const { user } = await ownerSession("boss@settings.test");
    const employee = await createUser(user.companyId, { email: "emp@settings.test" });
    const cookie = cookiesFrom((await loginAction(args(postForm("/login", { email: employee.email, password: TEST_PASSWORD })))) as Response);
    const page = await run(() => companyLoader(args(getRequest("/company-settings/company", cookie))));
    expect((page as Response).status).toBe(403);
    const act = await run(() => companyAction(args(postForm("/company-settings/company", settings, cookie))));
    expect(act instanceof Response ? act.status : unwrapData(act).status).toBe(403);
    expect((await getDb().company.findUniqueOrThrow({ where: { id: user.companyId } })).countryCode).toBe("PT");
  });
});

describe("the set-up checklist", () => {
  it("shows a new company's owner what is left, ticks itself as the work is done, and is gone once all is", async () => {
    const now = new Date();
    const { user } = await registerCompany(owner("list@setup.test"), now);
    const viewer = await viewerFor(user);
    const today = todayIn(viewer.timeZone, now);
    const first = await getSetupChecklist(viewer, today);
    expect(first?.steps).toEqual([
      { step: "holidays", done: true },
      { step: "teams", done: true },
      { step: "people", done: false },
      { step: "allowances", done: true },
    ]);
    // A pending invitation counts: the people are on their way.
    await inviteUser(viewer, { email: "colleague@setup.test", fullName: "Col League", role: "user" }, "pt", now);
    expect(await getSetupChecklist(viewer, today)).toBeNull();
    // Someone without this year's allowance brings it back.
    await createUser(user.companyId, { email: "noallowance@setup.test" });
    expect((await getSetupChecklist(viewer, today))?.steps.find((s) => s.step === "allowances")?.done).toBe(false);
  });

  it("ticks each item from this company's data only: this year's holidays, an active team admin, an active colleague or a live invitation, everyone's allowance", async () => {
    const db = getDb();
    const now = new Date("2027-05-10T12:00:00Z");
    const today = "2027-05-10";
    const company = await createCompany();
    const admin = await createUser(company.id, { role: "admin", email: "admin@items.test" });
    const viewer = await viewerFor(admin);
    const done = async () => Object.fromEntries((await getSetupChecklist(viewer, today, now))?.steps.map((s) => [s.step, s.done]) ?? []);

    // Another company complete in every way changes nothing here.
    const other = await createCompany();
    const otherAdmin = await createUser(other.id, { role: "admin" });
    await createUser(other.id);
    await createTeam(other.id, "Theirs", [otherAdmin.id]);
    await db.holiday.create({ data: { companyId: other.id, date: "2027-01-01", name: "Theirs", isRecurring: false } });
    await db.invitation.create({ data: { companyId: other.id, email: "x@other.test", fullName: "X", tokenHash: "other-items", expiresAt: new Date("2027-06-01T00:00:00Z") } });
    expect(await done()).toEqual({ holidays: false, teams: false, people: false, allowances: false });

    // Holidays: last year's do not count, this year's do.
    await db.holiday.create({ data: { companyId: company.id, date: "2026-12-25", name: "Last year", isRecurring: false } });
    expect((await done()).holidays).toBe(false);
    await db.holiday.create({ data: { companyId: company.id, date: "2027-12-31", name: "This year", isRecurring: false } });
    expect((await done()).holidays).toBe(true);

    // Teams: a team whose only admin has left does not count.
    const leaver = await createUser(company.id, { email: "leaver@items.test" });
    await createTeam(company.id, "Left behind", [leaver.id]);
    await db.user.update({ where: { id: leaver.id }, data: { deactivatedAt: now } });
    expect((await done()).teams).toBe(false);
    await createTeam(company.id, "Run", [admin.id]);
    expect((await done()).teams).toBe(true);

    // People: the leaver does not count, an accepted or expired invitation neither; a live one does.
    expect((await done()).people).toBe(false);
    await db.invitation.create({ data: { companyId: company.id, email: "joined@items.test", fullName: "Joined", tokenHash: "accepted-items", expiresAt: new Date("2027-06-01T00:00:00Z"), acceptedAt: now } });
    expect((await done()).people).toBe(false);
    await db.invitation.create({ data: { companyId: company.id, email: "late@items.test", fullName: "Late", tokenHash: "expired-items", expiresAt: new Date("2027-05-10T11:59:59Z") } });
    expect((await done()).people).toBe(false);
    await db.invitation.create({ data: { companyId: company.id, email: "soon@items.test", fullName: "Soon", tokenHash: "live-items", expiresAt: new Date("2027-05-10T12:00:01Z") } });
    expect((await done()).people).toBe(true);

    // Allowances: last year's does not count, and the leaver needs none.
    await db.allowance.create({ data: { companyId: company.id, userId: admin.id, year: 2026, yearly: 22 } });
    expect((await done()).allowances).toBe(false);
    await db.allowance.create({ data: { companyId: company.id, userId: admin.id, year: 2027, yearly: 22 } });
    expect(await getSetupChecklist(viewer, today, now)).toBeNull();

    // An active colleague alone is enough for "people", and brings "allowances" back until theirs is set.
    await db.invitation.deleteMany({ where: { companyId: company.id } });
    const colleague = await createUser(company.id, { email: "colleague@items.test" });
    expect(await done()).toEqual({ holidays: true, teams: true, people: true, allowances: false });
    await db.allowance.create({ data: { companyId: company.id, userId: colleague.id, year: 2027, yearly: 22 } });
    expect(await getSetupChecklist(viewer, today, now)).toBeNull();
  });

  it("is for company admins only, and hidden for good when an admin dismisses it", async () => {
    const { user } = await registerCompany(owner("hide@setup.test"));
    await getDb().user.update({ where: { id: user.id }, data: { emailVerifiedAt: new Date() } });
    const employee = await createUser(user.companyId, { email: "emp@setup.test" });
    const today = todayIn("Europe/Lisbon");
    expect(await getSetupChecklist(await viewerFor(employee), today)).toBeNull();

    const employeeCookie = cookiesFrom((await loginAction(args(postForm("/login", { email: employee.email, password: TEST_PASSWORD })))) as Response);
    expect(((await dismissAction(args(postForm("/setup-checklist", {}, employeeCookie)))) as Response).status).toBe(403);
    expect(await getSetupChecklist(await viewerFor(user), today)).not.toBeNull();

    const ownerCookie = cookiesFrom((await loginAction(args(postForm("/login", { email: user.email, password: "long-enough-1" })))) as Response);
    const page = (await myCalendarLoader(args(getRequest("/my-calendar", ownerCookie)))) as { setup: unknown };
    expect(page.setup).not.toBeNull();
    const dismissed = (await dismissAction(args(postForm("/setup-checklist", {}, ownerCookie)))) as Response;
    expect(dismissed.status).toBe(302);
    expect(dismissed.headers.get("Location")).toBe("/my-calendar");
    expect(await getSetupChecklist(await viewerFor(user), today)).toBeNull();
    expect(await getDb().auditEntry.count({ where: { companyId: user.companyId, action: "company.setup_dismissed" } })).toBe(1);
  });
});

describe("invitations not accepted yet", () => {
  it("are listed on the Users tab and can be withdrawn, after a confirmation, by a company admin of the same company only", async () => {
    const now = new Date();
    const { user } = await registerCompany(owner("inv@pending.test"), now);
    await getDb().user.update({ where: { id: user.id }, data: { emailVerifiedAt: new Date() } });
    const viewer = await viewerFor(user);
    const team = await getDb().team.findFirstOrThrow({ where: { companyId: user.companyId } });
    await inviteUser(viewer, { email: "wait@pending.test", fullName: "Wanda Wait", role: "user", teamId: team.id }, "pt", now);
    const cookie = cookiesFrom((await loginAction(args(postForm("/login", { email: user.email, password: "long-enough-1" })))) as Response);

    type Page = { invitations: { id: string; email: string; team: { name: string } | null; expiresOn: string }[] };
    const page = (await usersLoader(args(getRequest("/company-settings/users", cookie)))) as Page;
    expect(page.invitations).toHaveLength(1);
    expect(page.invitations[0]).toMatchObject({ email: "wait@pending.test", team: { name: "Geral" } });
    const { id } = page.invitations[0];

    // Another company's admin cannot withdraw it; an employee of this one neither.
    const { user: stranger } = await registerCompany(owner("other@pending.test"), now);
    await getDb().user.update({ where: { id: stranger.id }, data: { emailVerifiedAt: new Date() } });
    const strangerCookie = cookiesFrom((await loginAction(args(postForm("/login", { email: stranger.email, password: "long-enough-1" })))) as Response);
    expect(unwrapData(await usersAction(args(postForm("/company-settings/users", { intent: "users.cancel-invitation", invitationId: id, confirmed: "1" }, strangerCookie)))).status).toBe(404);
    const employee = await createUser(user.companyId, { email: "emp@pending.test" });
    const employeeCookie = cookiesFrom((await loginAction(args(postForm("/login", { email: employee.email, password: TEST_PASSWORD })))) as Response);
    const refused = await run(() => usersAction(args(postForm("/company-settings/users", { intent: "users.cancel-invitation", invitationId: id, confirmed: "1" }, employeeCookie))));
    expect(refused instanceof Response ? refused.status : unwrapData(refused).status).toBe(403);

    // Unconfirmed, the answer is the question and the invitation stands.
    const asked = unwrapData<{ confirm?: { fields: Record<string, string> } }>(await usersAction(args(postForm("/company-settings/users", { intent: "users.cancel-invitation", invitationId: id }, cookie))));
    expect(asked.value.confirm?.fields.invitationId).toBe(id);
    expect((await listPendingInvitationsOf(user.companyId)).length).toBe(1);

    const done = unwrapData<{ notice: { key: string } }>(await usersAction(args(postForm("/company-settings/users", { intent: "users.cancel-invitation", invitationId: id, confirmed: "1" }, cookie))));
    expect(done.value.notice.key).toBe("people.invitations.cancelled");
    expect(await listPendingInvitationsOf(user.companyId)).toEqual([]);
    const [token] = Object.values(await latestInvitationTokens(["wait@pending.test"]));
    await expect(acceptInvitation(token, { password: "long-enough-1", language: "pt" })).rejects.toMatchObject({ status: 400 });
    expect(await getDb().auditEntry.count({ where: { companyId: user.companyId, action: "user.invitation_cancelled", entityId: id } })).toBe(1);
  });
});

function listPendingInvitationsOf(companyId: string) {
  return getDb().invitation.findMany({ where: { companyId, acceptedAt: null, expiresAt: { gt: new Date() } } });
}
