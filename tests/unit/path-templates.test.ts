// The /api table's path matching (app/lib/path-templates.ts, decision 0104): it answers what
// Remix's own routes answered before the operations moved behind one route.
import { describe, expect, it } from "vitest";
import { pathTemplateMatcher } from "~/lib/path-templates";

const match = pathTemplateMatcher([
  ["/api/users/{id}", "person"],
  ["/api/users/me", "me"],
  ["/api/users/{id}/export", "export"],
  ["/api/openapi.json", "document"],
  ["/api/vacations/{id}/changes/{changeId}/approve", "approve change"],
]);

describe("pathTemplateMatcher", () => {
  it("prefers a fixed segment to a parameter, whatever the order given", () => {
    expect(match("/api/users/me")).toMatchObject({ value: "me", params: {} });
    expect(match("/api/users/u1")).toMatchObject({ value: "person", template: "/api/users/{id}", params: { id: "u1" } });
    expect(match("/api/users/u1/export")?.value).toBe("export");
  });

  it("names each parameter, decoded, and keeps a malformed escape as sent", () => {
    expect(match("/api/vacations/v%201/changes/c2/approve")?.params).toEqual({ id: "v 1", changeId: "c2" });
    expect(match("/api/users/%E0%A4%A")?.params).toEqual({ id: "%E0%A4%A" });
  });

  it("matches letters in any case and a trailing slash, as Remix does, but a dot only as a dot", () => {
    expect(match("/API/Users/ME/")?.value).toBe("me");
    expect(match("/api/openapi.json")?.value).toBe("document");
    expect(match("/api/openapiXjson")).toBeNull();
  });

  it("answers null for a path no template has: too short, too long, or empty parameter", () => {
    expect(match("/api/users/u1/export/more")).toBeNull();
    expect(match("/api/vacations/v1/changes//approve")).toBeNull();
    expect(match("/api")).toBeNull();
  });
});
