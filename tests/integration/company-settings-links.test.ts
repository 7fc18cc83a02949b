// The spec's company settings links (/company-settings?tab=<tab>) and any bookmarked before each
// tab had its own address land on /company-settings/<tab>, keeping the rest of the query; a form
// posted there follows as the same POST.
import { describe, expect, it } from "vitest";
import { action, loader } from "~/routes/_app.company-settings._index";
import { args, getRequest, postForm, run } from "../support/http";

async function landing(path: string) {
  const response = (await run(() => loader(args(getRequest(path))))) as Response;
  expect(response.status).toBe(302);
  return response.headers.get("Location");
}

describe("/company-settings?tab=", () => {
  it("redirects each tab to its own address", async () => {
    for (const tab of ["users", "teams", "absence-types", "company", "api-tokens", "billing-details", "billing-invoices", "billing-payment", "manage-account"]) {
      expect(await landing(`/company-settings?tab=${tab}`)).toBe(`/company-settings/${tab}`);
    }
  });

  it("keeps the other parameters", async () => {
    expect(await landing("/company-settings?tab=teams&team=t_1")).toBe("/company-settings/teams?team=t_1");
    expect(await landing("/company-settings?tab=billing-details&edit=1")).toBe("/company-settings/billing-details?edit=1");
    expect(await landing("/company-settings?q=ana&tab=users&year=2027")).toBe("/company-settings/users?q=ana&year=2027");
    expect(await landing("/company-settings?tab=billing-invoices&session_id=cs_test_1")).toBe("/company-settings/billing-invoices?session_id=cs_test_1");
  });

  it("goes to the users tab without a tab or with an unknown one", async () => {
    expect(await landing("/company-settings")).toBe("/company-settings/users");
    expect(await landing("/company-settings?tab=nope&year=2027")).toBe("/company-settings/users?year=2027");
  });

  it("sends a form posted to the old address on to the tab's, as the same POST (307)", async () => {
    const response = (await run(() => action(args(postForm("/company-settings?tab=users&q=ana", { intent: "users.invite" }))))) as Response;
    expect(response.status).toBe(307);
    expect(response.headers.get("Location")).toBe("/company-settings/users?q=ana");
  });
});
