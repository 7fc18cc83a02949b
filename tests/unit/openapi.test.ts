// The pieces of the API contract (docs/decisions/0032-api-contract.md): how a zod schema becomes
// the document's JSON Schema, and how the contract test reads route files and spec rows.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { jsonSchemaOf, named } from "~/lib/openapi/json-schema";
import { answerShape, payloadNames, routePath, specOperations } from "../support/openapi-contract";

describe("jsonSchemaOf", () => {
  it("describes an API field that pipes unknown into the form's rule by the rule, with its own description on top", () => {
    const rule = z.string().trim().min(1).max(10);
    const schema = z.object({ name: z.unknown().pipe(rule).describe("The name") });
    expect(jsonSchemaOf(schema, "input")).toEqual({
      type: "object",
      properties: { name: { type: "string", minLength: 1, maxLength: 10, description: "The name" } },
      required: ["name"],
    });
  });

  it("refers to named answers as components, the root inline, a described one keeping its words", () => {
    const thing = named("ContractThing", z.object({ id: z.string(), on: z.iso.date() }));
    const list = z.object({ items: z.array(thing), maybe: thing.nullable(), main: thing.describe("The main one") });
    expect(jsonSchemaOf(list, "output")).toMatchObject({
      properties: {
        items: { type: "array", items: { $ref: "#/components/schemas/ContractThing" } },
        maybe: { anyOf: [{ $ref: "#/components/schemas/ContractThing" }, { type: "null" }] },
        main: { $ref: "#/components/schemas/ContractThing", description: "The main one" },
      },
    });
    // The component itself: its date by format alone (no pattern), closed to other fields.
    expect(jsonSchemaOf(thing, "output")).toEqual({
      type: "object",
      properties: { id: { type: "string" }, on: { type: "string", format: "date" } },
      required: ["id", "on"],
      additionalProperties: false,
    });
    expect(jsonSchemaOf(thing, "output", { inlineRoot: false })).toEqual({ $ref: "#/components/schemas/ContractThing" });
  });

  it("leaves out zod's safe-integer bounds", () => {
    expect(jsonSchemaOf(z.number().int(), "output")).toEqual({ type: "integer" });
    expect(jsonSchemaOf(z.number().int().min(1), "output")).toEqual({ type: "integer", minimum: 1 });
  });

  it("refuses two schemas under one name", () => {
    named("ContractOnce", z.string());
    expect(() => named("ContractOnce", z.number())).toThrow(/named ContractOnce/);
  });
});

describe("reading route files", () => {
  it("turns Remix's flat names into the document's paths", () => {
    expect(routePath("api.users.$id.tsx")).toBe("/api/users/{id}");
    expect(routePath("api.teams._index.tsx")).toBe("/api/teams");
    expect(routePath("api.openapi[.]json.tsx")).toBe("/api/openapi.json");
    expect(routePath("api.invoices.$id.pdf.tsx")).toBe("/api/invoices/{id}/pdf");
    expect(routePath("api.$.tsx")).toBeNull();
  });
});

describe("reading spec section 7", () => {
  it("finds every method and path a row names", () => {
    expect(specOperations("GET/POST/DELETE /api/teams/{id}/members")).toEqual([
      { method: "get", path: "/api/teams/{id}/members" },
      { method: "post", path: "/api/teams/{id}/members" },
      { method: "delete", path: "/api/teams/{id}/members" },
    ]);
    expect(specOperations("POST /api/vacations/{id}/approve, /reject")).toEqual([
      { method: "post", path: "/api/vacations/{id}/approve" },
      { method: "post", path: "/api/vacations/{id}/reject" },
    ]);
    expect(specOperations("GET /api/teams, POST /api/teams, PUT /api/teams/{id} (name), DELETE /api/teams/{id}").map((op) => `${op.method} ${op.path}`)).toEqual([
      "get /api/teams",
      "post /api/teams",
      "put /api/teams/{id}",
      "delete /api/teams/{id}",
    ]);
    expect(specOperations("POST /api/holidays/import-csv?dry_run=true or false")).toEqual([{ method: "post", path: "/api/holidays/import-csv" }]);
    expect(specOperations("Vacations list (path not shown)")).toEqual([]);
  });

  it("finds the payload names a row lists, its fallbacks included, and not its prose", () => {
    const row = (methodPath: string, payload: string) => ({ line: "", methodPath, payload, answer: "" });
    expect(payloadNames(row("GET /api/users", "optional ids, user_id"))).toEqual(["ids", "user_id"]);
    expect(payloadNames(row("GET/POST/DELETE /api/teams/{id}/members", "userId (fallback user_id, then query)"))).toEqual(["userId", "user_id"]);
    expect(payloadNames(row("GET /api/holidays", "year, page_size (500), country_code or date_from/date_to, month, q"))).toEqual(["year", "page_size", "country_code", "date_from", "date_to", "month", "q"]);
    expect(payloadNames(row("POST /api/auth/logout", "refresh_token (fire and forget; local session cleared first)"))).toEqual(["refresh_token"]);
    expect(payloadNames(row("POST /api/holidays/import-csv?dry_run=true or false", "multipart file"))).toEqual(["dry_run"]);
    expect(payloadNames(row("GET /api/users/{id}", "(fallback chain)"))).toEqual([]);
  });

  it("reads what an answer cell asks for", () => {
    expect(answerShape("access_token, refresh_token, user")).toEqual({ fields: ["access_token", "refresh_token", "user"], noun: null, list: false });
    expect(answerShape("url")).toEqual({ fields: ["url"], noun: null, list: false });
    expect(answerShape("companies (id, name)")).toEqual({ fields: ["id", "name"], noun: "company", list: true });
    expect(answerShape("array of report rows (404 or error gives an empty list in the calendars)")).toEqual({ fields: [], noun: "reportrow", list: true });
    expect(answerShape("current user")).toEqual({ fields: [], noun: "currentuser", list: false });
    expect(answerShape("paged list")).toEqual({ fields: ["items", "total", "offset", "limit"], noun: null, list: false });
    expect(answerShape("not shown")).toBeNull();
    expect(answerShape("entries / CSV")).toBeNull();
  });
});
