// Every screen each role opens, shared by the specs that walk all of them (layout at 390 px,
// accessibility): a new screen added here is checked by both.
import type { Page } from "@playwright/test";
import { DEMO } from "./support";

export const PHONE = { width: 390, height: 844 };
export const LAPTOP = { width: 1366, height: 768 };

export const PUBLIC_SCREENS = ["/login", "/signup", "/forgot-password"];
/** Signed-out pages served without scripts (root.tsx): they never hydrate, and switch language by links. */
export const NO_SCRIPT_SCREENS = ["/public", "/api/docs"];
export const COMMON_SCREENS = ["/my-calendar", "/company-calendar", "/vacations", "/national-holidays"];
export const SETTINGS_TABS = ["users", "teams", "work-schedules", "absence-types", "closures", "company", "api-tokens", "integrations", "import", "provisioning", "security", "billing-details", "billing-invoices", "billing-payment", "manage-account"];
export const ADMIN_SCREENS = ["/approvals", ...SETTINGS_TABS.map((tab) => `/company-settings/${tab}`), "/reports", "/reports?tab=absences"];

export const ROLES = [
  { who: DEMO.employee, screens: COMMON_SCREENS },
  { who: DEMO.admin, screens: [...COMMON_SCREENS, ...ADMIN_SCREENS] },
  { who: DEMO.master, screens: [...COMMON_SCREENS, ...ADMIN_SCREENS, "/audit"] },
];

/**
 * The pages an absence's row leads to, which have its id in their address (decisions 0092, 0093):
 * an approved absence's change page and a sickness's certificate page, found on Absences as an
 * admin sees them (the demo always has approved absences of their team and an approved sickness).
 */
export async function absencePages(page: Page): Promise<string[]> {
  await page.goto("/vacations?status=approved");
  const change = await page.locator('a[href$="/change"]').first().getAttribute("href");
  await page.goto("/vacations?type=sick_leave&status=approved");
  const sickness = await page.locator("tr[data-vacation-id]").first().getAttribute("data-vacation-id");
  if (!change || !sickness) throw new Error("The demo has no approved absence to change, or no sickness");
  return [change, `/vacations/${sickness}/certificate`];
}
