import { describe, expect, it } from "vitest";
import { displayName } from "~/lib/people";
import { readVacationFilters, vacationFilterQuery } from "~/lib/vacation-filters";

describe("readVacationFilters", () => {
  it("reads the page's names and the API's names the same way", () => {
    const page = readVacationFilters(new URLSearchParams("type=sick_leave&from=2026-01-01&to=2026-02-01&status=pending"));
    const api = readVacationFilters(new URLSearchParams("absence_category_id=sick_leave&date_from=2026-01-01&date_to=2026-02-01&status=pending"));
    expect(page).toEqual(api);
    expect(page.filters).toEqual({ categoryId: "sick_leave", dateFrom: "2026-01-01", dateTo: "2026-02-01", status: "pending" });
  });

  it("reports a wrong value under the name it was given, and leaves it out", () => {
    const { filters, invalid } = readVacationFilters(new URLSearchParams("date_from=2026-02-30&status=maybe&to=2026-03-01"));
    expect(filters).toEqual({ dateTo: "2026-03-01" });
    expect(invalid).toEqual({ date_from: "validation.dateInvalid", status: "query.statusInvalid" });
  });

  it("reads user_id=me as the caller and ignores blank values", () => {
    expect(readVacationFilters(new URLSearchParams("user_id=me&type=+"), "u1")).toEqual({ filters: { userId: "u1" }, invalid: {} });
  });

  it("writes the page's names back, so the CSV link carries what the page shows", () => {
    const filters = { categoryId: "training", dateFrom: "2026-05-01", status: "approved" as const };
    const query = vacationFilterQuery(filters);
    expect(query.toString()).toBe("type=training&from=2026-05-01&status=approved");
    expect(readVacationFilters(query).filters).toEqual(filters);
  });
});

describe("displayName", () => {
  it("is the full name, else the name, else the e-mail", () => {
    expect(displayName({ fullName: "Ana Lima", name: "Ana", email: "a@x.test" })).toBe("Ana Lima");
    expect(displayName({ fullName: "  ", name: "Ana", email: "a@x.test" })).toBe("Ana");
    expect(displayName({ fullName: null, name: null, email: "a@x.test" })).toBe("a@x.test");
  });
});
