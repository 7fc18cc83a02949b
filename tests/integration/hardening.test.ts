// Findings of the probe of issue 9, each through the routes a person or a client uses.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { action as languageAction } from "~/routes/language";
import { action as loginAction } from "~/routes/login";
import { resetRateLimits } from "~/utils/rate-limit.server";
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
