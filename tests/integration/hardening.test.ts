// Findings of the probe of issue 9, each through the routes a person or a client uses.
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { checkCredentials } from "~/models/credentials.server";
import { action as apiLogin } from "~/routes/api.auth.login";
import { action as languageAction } from "~/routes/language";
import { action as loginAction } from "~/routes/login";
import { AppError } from "~/utils/errors.server";
import { BACKOFFS, resetRateLimits } from "~/utils/rate-limit.server";
import { createCompany, createUser, TEST_PASSWORD } from "../support/factories";
import { args, cookiesFrom, postForm } from "../support/http";

let companyId: string;

beforeAll(async () => {
  companyId = (await createCompany("Hardened")).id;
  await createUser(companyId, { email: "rita@hardened.test", fullName: "Rita" });
});
beforeEach(() => resetRateLimits());

describe("redirect after sign-in and language change", () => {
  const signIn = async (redirectTo: string) => {
    const response = (await loginAction(args(postForm("/login", { email: "rita@hardened.test", password: TEST_PASSWORD, redirectTo })))) as Response;
    return { status: response.status, location: response.headers.get("Location"), cookie: cookiesFrom(response) };
  };

  it("stays on this site for a tab, a line break or a backslash, and never fails after the session was made", async () => {
    for (const redirectTo of ["/\t/evil.example", "/\n/evil.example", "/\r\nSet-Cookie: a=b", "/\\evil.example", "/..//evil.example", "https:evil.example"]) {
      const result = await signIn(redirectTo);
      expect(result.status, JSON.stringify(redirectTo)).toBe(302);
      expect(result.location).toBe("/my-calendar");
      expect(result.cookie).toMatch(/__session=/);
    }
    expect((await signIn("/%09/evil.example")).location).toBe("/%09/evil.example");
    expect((await signIn("/vacations?status=pending")).location).toBe("/vacations?status=pending");
  });

  it("sends the language switch back only to a path of this site", async () => {
    for (const redirectTo of ["/\t/evil.example", "//evil.example", "/\r\n/x"]) {
      const response = (await languageAction(args(postForm("/language", { lng: "en", redirectTo })))) as Response;
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/");
    }
    const back = (await languageAction(args(postForm("/language", { lng: "en", redirectTo: "/login?checkEmail=1" })))) as Response;
    expect(back.headers.get("Location")).toBe("/login?checkEmail=1");
  });
});

describe("sign-in backoff instead of a lockout", () => {
  const email = "rita@hardened.test";
  const attempt = async (password: string, now: number, ip = "203.0.113.7") => {
    try {
      await checkCredentials(email, password, ip, now);
      return { status: 200, seconds: 0 };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return { status: error.status, seconds: Number(error.fields?.seconds ?? 0) };
    }
  };

  it("lets the right password in after each wait, however many failures an attacker piles up", async () => {
    const t0 = Date.UTC(2027, 0, 4, 9);
    let now = t0;
    for (let i = 0; i < BACKOFFS.loginPerAccount.freeFailures; i++) expect((await attempt("wrong", now)).status).toBe(401);
    // From now on each failure doubles the wait: 1 s, 2 s, 4 s…, capped at five minutes.
    const waits: number[] = [];
    for (let i = 0; i < 12; i++) {
      const refused = await attempt("wrong", now);
      expect(refused.status).toBe(429);
      waits.push(refused.seconds);
      now += refused.seconds * 1000;
      expect((await attempt("wrong", now)).status).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 300, 300, 300]);
    // The owner, a moment too early, is told how long to wait; then gets in.
    const early = await attempt(TEST_PASSWORD, now + 299_000);
    expect(early).toEqual({ status: 429, seconds: 1 });
    expect((await attempt(TEST_PASSWORD, now + 300_000)).status).toBe(200);
    // A success clears the account's count: the next mistake is an ordinary 401.
    expect((await attempt("wrong", now + 300_001)).status).toBe(401);
    expect((await attempt("wrong", now + 300_002)).status).toBe(401);
  });

  it("forgets failures after an hour", async () => {
    const t0 = Date.UTC(2027, 0, 4, 9);
    for (let i = 0; i < 8; i++) await attempt("wrong", t0 + i * 60_000);
    expect((await attempt(TEST_PASSWORD, t0 + 7 * 60_000 + 1)).status).toBe(429);
    expect((await attempt(TEST_PASSWORD, t0 + 7 * 60_000 + 60 * 60_000)).status).toBe(200);
  });

  it("also slows down one address guessing many accounts", async () => {
    const now = Date.UTC(2027, 0, 4, 9);
    for (let i = 0; i < BACKOFFS.loginPerAddress.freeFailures; i++) {
      await expect(checkCredentials(`nobody${i}@hardened.test`, "x", "198.51.100.1", now)).rejects.toMatchObject({ status: 401 });
    }
    await expect(checkCredentials("another@hardened.test", "x", "198.51.100.1", now)).rejects.toMatchObject({ status: 429 });
    // Another address is not affected.
    expect((await attempt(TEST_PASSWORD, now, "198.51.100.2")).status).toBe(200);
  });

  it("answers 429 with the wait in the API's detail, then 200 after it", async () => {
    const login = (password: string) =>
      apiLogin(args(new Request("http://localhost/api/auth/login", { method: "POST", headers: { "Content-Type": "application/json", "Accept-Language": "en" }, body: JSON.stringify({ email, password }) })));
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      for (let i = 0; i < BACKOFFS.loginPerAccount.freeFailures; i++) expect((await login("wrong")).status).toBe(401);
      const waiting = await login(TEST_PASSWORD);
      expect(waiting.status).toBe(429);
      expect(await waiting.json()).toEqual({ detail: "Too many attempts. Wait 1 s and try again." });
      vi.setSystemTime(Date.now() + 1000);
      expect((await login(TEST_PASSWORD)).status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });
});
