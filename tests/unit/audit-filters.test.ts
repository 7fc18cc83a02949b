// The audit's filters, read one way by the screen and the API (app/lib/audit-filters.ts).
import { describe, expect, it } from "vitest";
import { AUDIT_ACTIONS } from "~/lib/audit-actions";
import { auditFilterQuery, readAuditFilters } from "~/lib/audit-filters";

describe("audit filters", () => {
  it("reads the screen's names and the API's, the screen's first", () => {
    const screen = readAuditFilters(new URLSearchParams("company=c1&action=team.created&user=u1&from=2026-01-01&to=2026-01-31"));
    const api = readAuditFilters(new URLSearchParams("company_id=c1&action=team.created&user_id=u1&date_from=2026-01-01&date_to=2026-01-31"));
    expect(screen).toEqual(api);
    expect(screen.filters).toEqual({ companyId: "c1", action: "team.created", userId: "u1", dateFrom: "2026-01-01", dateTo: "2026-01-31" });
    expect(auditFilterQuery(screen.filters).toString()).toBe("company=c1&action=team.created&user=u1&from=2026-01-01&to=2026-01-31");
  });

  it("takes one action or a whole group, and any known action", () => {
    expect(readAuditFilters(new URLSearchParams("action=vacation.*")).filters.action).toBe("vacation.*");
    for (const action of AUDIT_ACTIONS) expect(readAuditFilters(new URLSearchParams({ action })).invalid).toEqual({});
  });

  it("names each value it cannot use, under the name it came in", () => {
    const { filters, invalid } = readAuditFilters(new URLSearchParams("company_id=a b&action=DROP&user=x'&date_from=2026-02-30&to=1999-12-31"));
    expect(filters).toEqual({});
    expect(invalid).toEqual({
      company_id: "audit.filters.companyInvalid",
      action: "audit.filters.actionInvalid",
      user: "query.userInvalid",
      date_from: "validation.dateInvalid",
      to: "validation.dateOutOfWindow",
    });
    expect(readAuditFilters(new URLSearchParams("from=2026-02-01&to=2026-01-01"))).toEqual({ filters: { dateFrom: "2026-02-01" }, invalid: { to: "vacation.startAfterEnd" } });
  });
});

describe("action labels", () => {
  it("names every action of the catalogue, and each group, in pt, en and es", async () => {
    const { resources } = await import("~/i18n-resources.server");
    for (const language of ["pt", "en", "es"] as const) {
      const audit = (resources[language].common as unknown as { audit: { actions: Record<string, Record<string, string>>; groups: Record<string, string> } }).audit;
      for (const action of AUDIT_ACTIONS) {
        const [group, verb] = action.split(".");
        expect(audit.actions[group]?.[verb], `${language} ${action}`).toBeTruthy();
        expect(audit.groups[group], `${language} ${group}`).toBeTruthy();
      }
    }
  });
});
