// The rules of API tokens and the request fingerprint of Idempotency-Key
// (docs/decisions/0033-api-tokens-and-idempotency.md).
import { describe, expect, it } from "vitest";
import { requestFingerprint } from "~/utils/idempotency.server";
import { apiTokenActingRole, apiTokenAllows, apiTokenWorksFor } from "~/utils/permissions.server";

describe("API token rules", () => {
  it("lets a read-only token read only, an admin token read and write", () => {
    for (const method of ["GET", "HEAD", "OPTIONS"]) expect(apiTokenAllows("read", method)).toBe(true);
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      expect(apiTokenAllows("read", method)).toBe(false);
      expect(apiTokenAllows("admin", method)).toBe(true);
    }
  });

  it("works only while its creator is an active company admin", () => {
    expect(apiTokenWorksFor({ role: "admin", deactivatedAt: null })).toBe(true);
    expect(apiTokenWorksFor({ role: "owner", deactivatedAt: null })).toBe(true);
    expect(apiTokenWorksFor({ role: "user", deactivatedAt: null })).toBe(false);
    expect(apiTokenWorksFor({ role: "admin", deactivatedAt: new Date() })).toBe(false);
  });

  it("acts with a company admin's rights at most", () => {
    expect(apiTokenActingRole("owner")).toBe("admin");
    expect(apiTokenActingRole("admin")).toBe("admin");
    expect(apiTokenActingRole("user")).toBe("user");
  });
});

describe("requestFingerprint", () => {
  const url = "http://localhost/api/vacations";

  it("is the same for the same JSON written with other spacing or key order", () => {
    const a = requestFingerprint("POST", url, '{"start_date":"2027-01-04","end_date":"2027-01-05","notification_recipients":{"type":"custom","emails":["a@x.test"]}}');
    const b = requestFingerprint("POST", url, '{ "notification_recipients": { "emails": ["a@x.test"], "type": "custom" },\n "end_date": "2027-01-05", "start_date": "2027-01-04" }');
    expect(a).toBe(b);
  });

  it("differs for another body, another array order, another path or method", () => {
    const base = requestFingerprint("POST", url, '{"a":1,"list":[1,2]}');
    expect(requestFingerprint("POST", url, '{"a":2,"list":[1,2]}')).not.toBe(base);
    expect(requestFingerprint("POST", url, '{"a":1,"list":[2,1]}')).not.toBe(base);
    expect(requestFingerprint("POST", `${url}?x=1`, '{"a":1,"list":[1,2]}')).not.toBe(base);
    expect(requestFingerprint("PUT", url, '{"a":1,"list":[1,2]}')).not.toBe(base);
  });

  it("takes a body that is no JSON as its bytes", () => {
    expect(requestFingerprint("POST", url, "a=1&b=2")).toBe(requestFingerprint("POST", url, "a=1&b=2"));
    expect(requestFingerprint("POST", url, "a=1&b=2")).not.toBe(requestFingerprint("POST", url, "b=2&a=1"));
  });
});
