// SCIM provisioning as a company uses it (issue 42, docs/decisions/0090-scim-provisioning.md): an
// admin makes a SCIM token on Company settings → Provisioning, the directory (a plain HTTP client
// here) creates people, groups one into a team and deactivates another, and the Users and Teams
// tabs show the result. Once, with JavaScript: the tabs' markup is the same without it, and the
// protocol's cases are in tests/integration/scim.test.ts.
import { expect, request, test } from "./fixtures";
import { DEMO, openPage, signIn } from "./support";

test("a directory provisions people over SCIM, and the Users and Teams tabs show it @once", async ({ page, baseURL }) => {
  const suffix = Date.now().toString(36);
  await signIn(page, DEMO.admin.email);
  await openPage(page, "/company-settings/provisioning");
  await expect(page.getByRole("link", { name: "Aprovisionamento" })).toHaveAttribute("aria-current", "page");
  await page.getByLabel("Nome", { exact: true }).fill(`Entra ID ${suffix}`);
  await page.getByRole("button", { name: "Criar token SCIM" }).click();
  const secret = await page.getByTestId("scim-token-secret").inputValue();
  expect(secret).toMatch(/^scim_[A-Za-z0-9_-]{43}$/);

  const directory = await request.newContext({ baseURL, extraHTTPHeaders: { Authorization: `Bearer ${secret}`, "Content-Type": "application/scim+json" } });
  try {
    const user = (givenName: string) => ({
      schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"],
      userName: `${givenName.toLowerCase()}.${suffix}@demo.test`,
      name: { givenName, familyName: `Scim ${suffix}` },
    });
    const hired = await directory.post("/scim/v2/Users", { data: user("Sara") });
    expect(hired.status()).toBe(201);
    const leaver = await directory.post("/scim/v2/Users", { data: user("Luis") });
    expect(leaver.status()).toBe(201);
    const group = await directory.post("/scim/v2/Groups", {
      data: { schemas: ["urn:ietf:params:scim:schemas:core:2.0:Group"], displayName: `Diretório ${suffix}`, members: [{ value: (await hired.json()).id }] },
    });
    expect(group.status()).toBe(201);
    const left = await directory.patch(`/scim/v2/Users/${(await leaver.json()).id}`, {
      data: { schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"], Operations: [{ op: "replace", path: "active", value: false }] },
    });
    expect(left.status()).toBe(200);
  } finally {
    await directory.dispose();
  }

  // The Users tab lists the new person in the group's team; the deactivated one is gone.
  await openPage(page, `/company-settings/users?q=${encodeURIComponent(`Scim ${suffix}`)}`);
  const rows = page.getByTestId("people-row");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`Sara Scim ${suffix}`);
  await expect(rows.first()).toContainText(`Diretório ${suffix}`);
  await openPage(page, "/company-settings/teams");
  await expect(page.getByTestId("team-row").filter({ hasText: `Diretório ${suffix}` })).toContainText("1 membro");
});
