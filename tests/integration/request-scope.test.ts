// The response cache keeps a page until the data of the company it is about changes; the sign-in
// checks are what name that company. Both kinds of credentials must do so.
import { describe, expect, it } from "vitest";
import { requireApiUser } from "~/utils/api.server";
import { createSession, requireUser, startSession } from "~/utils/auth.server";
import { signAccessToken } from "~/utils/jwt.server";
import { runInRequestScope } from "~/utils/request-scope.server";
import { createCompany, createUser } from "../support/factories";
import { getRequest } from "../support/http";

async function notedBy(check: () => Promise<unknown>): Promise<string[]> {
  const noted: string[] = [];
  await runInRequestScope({ noteCompany: (companyId) => noted.push(companyId) }, check).catch(() => undefined);
  return noted;
}

describe("request scope", () => {
  it("gets the company from a signed-in page, from a session cookie and from a bearer token", async () => {
    const company = await createCompany();
    const user = await createUser(company.id);
    const cookie = (await startSession(getRequest("/"), await createSession(user.id, getRequest("/")))).split(";")[0];
    expect(await notedBy(() => requireUser(getRequest("/my-calendar", cookie)))).toEqual([company.id]);
    expect(await notedBy(() => requireApiUser(getRequest("/api/users/me", cookie)))).toEqual([company.id]);
    const token = await signAccessToken({ userId: user.id, companyId: company.id, role: user.role, master: false });
    expect(await notedBy(() => requireApiUser(getRequest("/api/users/me", undefined, { Authorization: `Bearer ${token}` })))).toEqual([company.id]);
  });

  it("names no company when nobody is signed in", async () => {
    expect(await notedBy(() => requireUser(getRequest("/my-calendar")))).toEqual([]);
    expect(await notedBy(() => requireApiUser(getRequest("/api/users/me", undefined, { Authorization: "Bearer nonsense" })))).toEqual([]);
  });
});
