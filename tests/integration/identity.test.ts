import { beforeEach, describe, expect, it, vi } from "vitest";
import { action as acceptAction, loader as acceptLoader } from "~/routes/accept-invite";
import { action as forgotAction } from "~/routes/forgot-password";
import { action as loginAction, loader as loginLoader } from "~/routes/login";
import { action as resetAction, loader as resetLoader } from "~/routes/reset-password";
import { action as signupAction, loader as signupLoader } from "~/routes/signup";
import { action as verifyAction, loader as verifyLoader } from "~/routes/verify-email";
import { action as apiInvite } from "~/api/users.invite";
import { getDb } from "~/utils/db.server";
import { resetRateLimits } from "~/utils/rate-limit.server";
import { createCompany, createUser, TEST_PASSWORD } from "../support/factories";
import { args, cookiesFrom, getRequest, postForm, run, unwrapData } from "../support/http";
import { linkIn, testSmtp } from "../support/smtp";

beforeEach(() => resetRateLimits());

async function signIn(email: string, password: string) {
  return (await loginAction(args(postForm("/login", { email, password })))) as Response | { type: string };
}

function formErrors(result: unknown) {
  return unwrapData<{ result: { error: Record<string, string[]> } }>(result);
}

describe("company sign-up, e-mail verification and first sign-in", () => {
  it("creates the company with a 14-day trial, mails a link, and signs in only after it is used", async () => {
    const response = (await signupAction(
      args(postForm("/signup", { companyName: "Initech", billingEmail: "", fullName: "Peter Gibbons", email: "Peter@Initech.test", password: "tps-reports-2" })),
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?checkEmail=1");

    const owner = await getDb().user.findUniqueOrThrow({ where: { email: "peter@initech.test" }, include: { company: { include: { subscriptions: true, billingDetails: true, categories: true } } } });
    expect(owner.role).toBe("owner");
    expect(owner.company.name).toBe("Initech");
    const [subscription] = owner.company.subscriptions;
    expect(subscription.status).toBe("trialing");
    const days = (subscription.trialEndsAt!.getTime() - subscription.createdAt.getTime()) / 86_400_000;
    expect(Math.round(days)).toBe(14);
    // Billing e-mail falls back to the account e-mail when left empty.
    expect(owner.company.billingDetails?.invoiceEmail).toBe("peter@initech.test");
    expect(owner.company.categories.map((c) => c.id)).toContain("yearly_allowance");

    // Not verified yet: sign-in is refused with a clear message.
    const early = unwrapData<{ error: string; unverifiedEmail: string }>(await signIn("peter@initech.test", "tps-reports-2"));
    expect(early.status).toBe(403);
    expect(early.value.error).toBe("auth.emailNotVerified");

    const mail = await testSmtp().waitForMail("peter@initech.test", /Confirme/);
    expect(mail.text).toContain("Olá Peter Gibbons");
    const link = linkIn(mail, "/verify-email?token=");
    expect(link.origin).toBe("http://app.test");

    // Opening the link (as a scanner would) does not use it up; the POST does.
    const token = link.searchParams.get("token")!;
    expect(unwrapData<{ error: null }>(await verifyLoader(args(getRequest(link.pathname + link.search)))).value.error).toBeNull();
    const verified = unwrapData<{ ok: boolean }>(await verifyAction(args(postForm("/verify-email", { token }))));
    expect(verified.value.ok).toBe(true);
    expect(verified.headers.get("Set-Cookie")).toMatch(/__session=;/);
    const again = unwrapData<{ ok: boolean; error: string }>(await verifyAction(args(postForm("/verify-email", { token }))));
    expect(again.status).toBe(400);
    expect(again.value.error).toBe("token.used");

    const signedIn = (await signIn("peter@initech.test", "tps-reports-2")) as Response;
    expect(signedIn.status).toBe(302);
  });

  it("refuses bad input field by field, and a duplicate e-mail", async () => {
    const empty = formErrors(await signupAction(args(postForm("/signup", { companyName: "", fullName: "", email: "", password: "" }))));
    expect(empty.status).toBe(400);
    expect(empty.value.result.error).toMatchObject({
      companyName: ["validation.companyNameRequired"],
      fullName: ["validation.fullNameRequired"],
      email: ["validation.emailRequired"],
      password: ["validation.passwordRequired"],
    });
    const badEmail = formErrors(await signupAction(args(postForm("/signup", { companyName: "X", fullName: "Y", email: "not-an-email", billingEmail: "nope", password: "longenough" }))));
    expect(badEmail.value.result.error.email).toEqual(["validation.emailInvalid"]);
    expect(badEmail.value.result.error.billingEmail).toEqual(["validation.emailInvalid"]);

    const company = await createCompany();
    await createUser(company.id, { email: "taken@example.test" });
    const before = await getDb().company.count();
    const duplicate = formErrors(await signupAction(args(postForm("/signup", { companyName: "Dup", fullName: "D", email: "taken@example.test", password: "longenough" }))));
    expect(duplicate.status).toBe(409);
    expect(duplicate.value.result.error.email).toEqual(["auth.emailTaken"]);
    expect(await getDb().company.count()).toBe(before);
  });

  it("sends signed-in visitors of /signup to /", async () => {
    const company = await createCompany();
    await createUser(company.id, { email: "already@example.test" });
    const cookie = cookiesFrom((await signIn("already@example.test", TEST_PASSWORD)) as Response);
    const response = (await run(() => signupLoader(args(getRequest("/signup", cookie))))) as Response;
    expect(response.headers.get("Location")).toBe("/");
  });

  it("reports an expired verification link", async () => {
    await signupAction(args(postForm("/signup", { companyName: "Late", fullName: "Lou Late", email: "late@example.test", password: "longenough" })));
    const link = linkIn(await testSmtp().waitForMail("late@example.test"), "/verify-email?token=");
    await getDb().userToken.updateMany({ where: { user: { email: "late@example.test" } }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const result = unwrapData<{ error: string }>(await verifyLoader(args(getRequest(link.pathname + link.search))));
    expect(result.status).toBe(400);
    expect(result.value.error).toBe("token.expired");
    expect(unwrapData<{ error: string }>(await verifyLoader(args(getRequest("/verify-email")))).value.error).toBe("verify.tokenMissing");
  });

  it("limits sign-ups per address with a clear 429", async () => {
    for (let i = 0; i < 10; i++) {
      await signupAction(args(postForm("/signup", { companyName: `C${i}`, fullName: "N", email: `burst${i}@example.test`, password: "longenough" })));
    }
    const limited = formErrors(await signupAction(args(postForm("/signup", { companyName: "C", fullName: "N", email: "burst-last@example.test", password: "longenough" }))));
    expect(limited.status).toBe(429);
    // The window's rest, in seconds (issue 38): at most the hour sign-ups are counted over.
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(Number(limited.headers.get("Retry-After"))).toBeLessThanOrEqual(3600);
    expect(await getDb().user.findUnique({ where: { email: "burst-last@example.test" } })).toBeNull();
  });
});

describe("invitations", () => {
  it("lets an admin invite a colleague who accepts with a password and can then sign in", async () => {
    const company = await createCompany("Hooli");
    const admin = await createUser(company.id, { role: "admin", email: "gavin@hooli.test", fullName: "Gavin Belson" });
    const cookie = cookiesFrom((await signIn(admin.email, TEST_PASSWORD)) as Response);

    const invite = await apiInvite(
      args(new Request("http://localhost/api/users/invite", { method: "POST", headers: { Cookie: cookie, "Content-Type": "application/json", "Accept-Language": "en" }, body: JSON.stringify({ email: "Richard@Hooli.test", full_name: "Richard Hendricks", role: "user" }) })),
    );
    expect(invite.status).toBe(201);
    expect(await invite.json()).toMatchObject({ email: "richard@hooli.test", full_name: "Richard Hendricks", role: "user", team_id: null });
    const mail = await testSmtp().waitForMail("richard@hooli.test");
    expect(mail.subject).toBe("You are invited to Hooli on Folga");
    expect(mail.text).toContain("“Gavin Belson” invited you");
    const link = linkIn(mail, "/accept-invite?");
    expect(link.searchParams.get("name")).toBe("Richard Hendricks");

    const page = await acceptLoader(args(getRequest(link.pathname + link.search)));
    expect(unwrapData<{ invitation: { email: string; companyName: string } }>(page).value.invitation).toEqual({
      email: "richard@hooli.test",
      fullName: "Richard Hendricks",
      companyName: "Hooli",
    });

    const token = link.searchParams.get("token")!;
    const mismatch = formErrors(await acceptAction(args(postForm("/accept-invite", { token, fullName: "Richard", password: "pied-piper-1", confirmPassword: "pied-piper-2" }))));
    expect(mismatch.value.result.error.confirmPassword).toEqual(["validation.passwordsDontMatch"]);
    const empty = formErrors(await acceptAction(args(postForm("/accept-invite", { token }))));
    expect(empty.value.result.error.password).toEqual(["validation.passwordAndConfirmRequired"]);
    const noToken = formErrors(await acceptAction(args(postForm("/accept-invite", { password: "pied-piper-1", confirmPassword: "pied-piper-1" }))));
    expect(noToken.value.result.error.token).toEqual(["token.missing"]);

    const accepted = (await acceptAction(args(postForm("/accept-invite", { token, fullName: "Richard H.", password: "pied-piper-1", confirmPassword: "pied-piper-1" })))) as Response;
    expect(accepted.headers.get("Location")).toBe("/login?checkEmail=0&invited=1");
    const user = await getDb().user.findUniqueOrThrow({ where: { email: "richard@hooli.test" } });
    expect(user).toMatchObject({ companyId: company.id, role: "user", fullName: "Richard H." });
    expect(user.emailVerifiedAt).not.toBeNull();
    expect(((await signIn("richard@hooli.test", "pied-piper-1")) as Response).status).toBe(302);

    // Single use.
    const reuse = formErrors(await acceptAction(args(postForm("/accept-invite", { token, password: "another-pass", confirmPassword: "another-pass" }))));
    expect(reuse.status).toBe(400);
    expect(reuse.value.result.error).toEqual({ "": ["token.used"] });
  });

  it("refuses inviting an existing e-mail, bad input, and employees", async () => {
    const company = await createCompany();
    const admin = await createUser(company.id, { role: "admin" });
    const employee = await createUser(company.id);
    const send = async (email: string, body: unknown) => {
      const cookie = cookiesFrom((await signIn(email, TEST_PASSWORD)) as Response);
      return apiInvite(args(new Request("http://localhost/api/users/invite", { method: "POST", headers: { Cookie: cookie, "Content-Type": "application/json", "Accept-Language": "en" }, body: JSON.stringify(body) })));
    };
    const taken = await send(admin.email, { email: employee.email, full_name: "Dup", role: "user" });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({ detail: "This e-mail already belongs to a user." });
    const bad = await send(admin.email, { email: "nope", full_name: "", role: "boss" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ fields: { full_name: "Enter the user name.", email: "Enter a valid email.", role: "Choose the role user or admin." } });
    expect((await send(employee.email, { email: "x@example.test", full_name: "X", role: "user" })).status).toBe(403);
  });

  it("refuses an expired invitation and redirects /login?token= to the accept screen", async () => {
    const company = await createCompany();
    const admin = await createUser(company.id, { role: "admin" });
    const cookie = cookiesFrom((await signIn(admin.email, TEST_PASSWORD)) as Response);
    await apiInvite(args(new Request("http://localhost/api/users/invite", { method: "POST", headers: { Cookie: cookie, "Content-Type": "application/json" }, body: JSON.stringify({ email: "slow@example.test", full_name: "Slow" }) })));
    const link = linkIn(await testSmtp().waitForMail("slow@example.test"), "/accept-invite?");
    const redirect = (await run(() => loginLoader(args(getRequest(`/login${link.search}`))))) as Response;
    expect(redirect.headers.get("Location")).toBe(`/accept-invite${link.search}`);
    await getDb().invitation.updateMany({ where: { email: "slow@example.test" }, data: { expiresAt: new Date(Date.now() - 1) } });
    expect(unwrapData<{ error: string }>(await acceptLoader(args(getRequest(link.pathname + link.search)))).value.error).toBe("token.expired");
  });
});

describe("password reset", () => {
  it("mails a one-hour link; the new password works, the old one and old sessions do not", async () => {
    const company = await createCompany();
    const user = await createUser(company.id, { email: "forgetful@example.test", preferredLanguage: "es" });
    const oldSession = cookiesFrom((await signIn(user.email, TEST_PASSWORD)) as Response);

    const asked = unwrapData<{ sent: boolean }>(await forgotAction(args(postForm("/forgot-password", { email: "Forgetful@example.test" }))));
    expect(asked.value.sent).toBe(true);
    // Same answer for an unknown e-mail, and no mail.
    expect(unwrapData<{ sent: boolean }>(await forgotAction(args(postForm("/forgot-password", { email: "ghost@example.test" })))).value.sent).toBe(true);

    const mail = await testSmtp().waitForMail("forgetful@example.test");
    expect(mail.subject).toBe("Restablece tu contraseña");
    const link = linkIn(mail, "/reset-password?token=");
    const token = link.searchParams.get("token")!;
    expect(unwrapData<{ error: null }>(await resetLoader(args(getRequest(link.pathname + link.search)))).value.error).toBeNull();

    const short = formErrors(await resetAction(args(postForm("/reset-password", { token, password: "short", confirmPassword: "short" }))));
    expect(short.value.result.error.password).toEqual(["validation.passwordTooShort"]);
    const done = (await resetAction(args(postForm("/reset-password", { token, password: "brand-new-pass", confirmPassword: "brand-new-pass" })))) as Response;
    expect(done.headers.get("Location")).toBe("/login?reset=1");

    expect(((await signIn(user.email, "brand-new-pass")) as Response).status).toBe(302);
    expect(unwrapData(await signIn(user.email, TEST_PASSWORD)).status).toBe(401);
    expect(await getDb().session.count({ where: { userId: user.id, id: { in: [oldSession] } } })).toBe(0);
    const reuse = formErrors(await resetAction(args(postForm("/reset-password", { token, password: "third-password", confirmPassword: "third-password" }))));
    expect(reuse.value.result.error).toEqual({ "": ["token.used"] });
    expect(testSmtp().inbox.filter((m) => m.to.includes("ghost@example.test"))).toHaveLength(0);
  });

  it("limits reset requests per e-mail", async () => {
    for (let i = 0; i < 3; i++) await forgotAction(args(postForm("/forgot-password", { email: "spam@example.test" })));
    const limited = formErrors(await forgotAction(args(postForm("/forgot-password", { email: "spam@example.test" }))));
    expect(limited.status).toBe(429);
    expect(limited.value.result.error).toEqual({ "": ["errors.rateLimited"] });
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
  });
});

describe("login rate limit", () => {
  it("makes an e-mail wait after repeated failures (429 saying how long), then lets the right password in", async () => {
    const company = await createCompany();
    const user = await createUser(company.id);
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      for (let i = 0; i < 5; i++) expect(unwrapData(await signIn(user.email, "wrong")).status).toBe(401);
      const waiting = unwrapData<{ error: string; errorValues: { seconds: string } }>(await signIn(user.email, TEST_PASSWORD));
      expect(waiting.status).toBe(429);
      expect(waiting.value.error).toBe("errors.retryInSeconds");
      expect(Number(waiting.value.errorValues.seconds)).toBeGreaterThan(0);
      expect(waiting.headers.get("Retry-After")).toBe(waiting.value.errorValues.seconds);
      vi.setSystemTime(Date.now() + Number(waiting.value.errorValues.seconds) * 1000);
      expect((await signIn(user.email, TEST_PASSWORD) as Response).status).toBe(302);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("company settings across companies", () => {
  it("refuses deleting another company's user from the users tab, and leaves it in place", async () => {
    const { action: usersAction } = await import("~/routes/_app.company-settings.users/route");
    const victimCompany = await createCompany("Victim");
    const victim = await createUser(victimCompany.id, { email: "victim@victim.test" });
    const attackerCompany = await createCompany("Attacker");
    const attacker = await createUser(attackerCompany.id, { role: "owner", email: "boss@attacker.test" });
    const cookie = cookiesFrom((await signIn(attacker.email, TEST_PASSWORD)) as Response);
    const result = unwrapData(await usersAction(args(postForm("/company-settings/users", { intent: "users.delete", userId: victim.id, confirmed: "1" }, cookie))));
    expect(result.status).toBe(404);
    expect(await getDb().user.findUnique({ where: { id: victim.id } })).not.toBeNull();
  });

  it("asks before deleting a user: without confirmed=1 the user stays and the answer is the question", async () => {
    const { action: usersAction } = await import("~/routes/_app.company-settings.users/route");
    const company = await createCompany("Careful");
    const owner = await createUser(company.id, { role: "owner", email: "owner@careful.test" });
    const leaver = await createUser(company.id, { email: "leaver@careful.test" });
    const cookie = cookiesFrom((await signIn(owner.email, TEST_PASSWORD)) as Response);
    const before = await getDb().user.findUniqueOrThrow({ where: { id: leaver.id } });

    const asked = unwrapData<{ confirm: { fields: Record<string, string> } }>(
      await usersAction(args(postForm("/company-settings/users", { intent: "users.delete", userId: leaver.id }, cookie))),
    );
    expect(asked.status).toBe(200);
    expect(asked.value.confirm.fields).toEqual({ intent: "users.delete", userId: leaver.id });
    expect(await getDb().user.findUnique({ where: { id: leaver.id } })).toEqual(before);

    const done = unwrapData<{ notice: { tone: string; key: string } }>(
      await usersAction(args(postForm("/company-settings/users", { intent: "users.delete", userId: leaver.id, confirmed: "1" }, cookie))),
    );
    expect(done.value.notice).toEqual({ tone: "success", key: "settings.users.deleted" });
    expect(await getDb().user.findUnique({ where: { id: leaver.id } })).not.toEqual(before);
  });
});
