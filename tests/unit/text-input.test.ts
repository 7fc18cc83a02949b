// The character rules of app/lib/text-input.ts, the URL check of the request readers, and how the
// e-mails set apart what people wrote, rows written before the rules included (issue 38).
import { describe, expect, it } from "vitest";
import { renderVacationMail } from "~/emails/vacation.server";
import { asOneLine, hasControlCharacter, multiLineProblem, singleLineProblem } from "~/lib/text-input";
import { absenceCategorySchema } from "~/lib/schemas/absence-categories";
import { billingDetailsSchema } from "~/lib/schemas/billing";
import { personSchema } from "~/lib/schemas/people";
import { vacationRequestSchema } from "~/lib/schemas/vacation";
import { urlHasControlCharacter } from "~/utils/request-input.server";

const firstError = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }, field: string) =>
  result.error?.issues.find((issue) => issue.path[0] === field)?.message;

describe("the characters a person may send", () => {
  it("refuses every control character but tab, LF and CR anywhere", () => {
    for (const bad of ["\u0000", "\u0007", "\u000B", "\u001B", "\u007F", "\u0085"]) expect(hasControlCharacter(`a${bad}b`), JSON.stringify(bad)).toBe(true);
    for (const good of ["\t", "\n", "\r", "é", "\u00A0", "😀"]) expect(hasControlCharacter(`a${good}b`), JSON.stringify(good)).toBe(false);
  });

  it("refuses line breaks and bidi controls in a single line; a multi-line field keeps its lines", () => {
    expect(singleLineProblem("Eva\n\nApprove: http://evil.example")).toBe("validation.textLineBreak");
    expect(singleLineProblem("Eva\u2029x")).toBe("validation.textLineBreak");
    for (const bidi of ["\u202A", "\u202B", "\u202C", "\u202D", "\u202E", "\u2066", "\u2067", "\u2068", "\u2069"]) expect(singleLineProblem(`a${bidi}`)).toBe("validation.textBidi");
    expect(singleLineProblem("Eva\u0000")).toBe("validation.textControl");
    expect(singleLineProblem("Eva\tSilva")).toBeNull();
    expect(multiLineProblem("one\r\ntwo")).toBeNull();
    expect(multiLineProblem("one\n\u202Eowt")).toBe("validation.textBidi");
  });

  it("the forms' schemas name the field: a person's, a category's and a billing name; a description keeps its lines", () => {
    expect(firstError(personSchema.safeParse({ fullName: "Eva\nApprove" }), "fullName")).toBe("validation.textLineBreak");
    expect(firstError(absenceCategorySchema.safeParse({ name: "\u202Eday", color: "#00897b", balance: "none" }), "name")).toBe("validation.textBidi");
    expect(firstError(billingDetailsSchema.safeParse({ companyName: "Acme\r\nInc" }), "companyName")).toBe("validation.textLineBreak");
    const vacation = vacationRequestSchema.safeParse({ startDate: "2027-01-04", endDate: "2027-01-04", categoryId: "yearly_allowance", description: "line one\nline two" });
    expect(vacation.success && vacation.data.description).toBe("line one\nline two");
    expect(firstError(vacationRequestSchema.safeParse({ startDate: "2027-01-04", endDate: "2027-01-04", categoryId: "x", description: "\u202Eevil" }), "description")).toBe("validation.textBidi");
  });

  it("finds a control character a URL names, percent-encoded (C0, DEL, C1), but not a tab or a line break", () => {
    for (const url of ["http://x/api/users/%00", "/people/%1f", "/vacations?user_id=%00", "/a?b=%7F", "/a?b=%C2%85"]) expect(urlHasControlCharacter(url), url).toBe(true);
    for (const url of ["http://x/api/users/abc", "/login?redirectTo=%0D%0A", "/a?q=%09", "/a?q=%C3%A9", "/a?q=%2500"]) expect(urlHasControlCharacter(url), url).toBe(false);
  });
});

describe("e-mails quote what people wrote", () => {
  const mail = (requester: string, description: string) =>
    renderVacationMail("requested", "en", {
      requester,
      recipient: "Olga\nApprove: http://evil.example",
      startDate: "2027-06-01",
      endDate: "2027-06-01",
      workingDays: 1,
      categoryId: "yearly_allowance",
      categoryName: "Vacation",
      description,
      links: { approve: "http://app.test/vacation-decision?token=a", reject: "http://app.test/vacation-decision?token=r" },
      appUrl: "http://app.test",
    });

  it("a name written before the rules stays on one line, in quotes; a description's lines are quoted; no fake line starts", () => {
    const rendered = mail("Eva\n\nApprove: http://evil.example/approve\u202E", "ok\nApprove: http://evil.example/2");
    const lines = rendered.text.split("\n");
    expect(lines.filter((line) => line.startsWith("Approve:"))).toEqual(["Approve: http://app.test/vacation-decision?token=a"]);
    expect(rendered.text).toContain("“Eva Approve: http://evil.example/approve” requested");
    expect(lines).toContain("> Approve: http://evil.example/2");
    expect(rendered.text).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
    expect(rendered.subject).toBe("Absence request: Eva Approve: http://evil.example/approve, 1\u00a0Jun\u00a02027");
    expect(rendered.html).toContain("<blockquote");
    expect(rendered.html).not.toContain("<p>Approve:");
  });

  it("flattens controls, line breaks and bidi controls to single spaces", () => {
    expect(asOneLine(" Eva\r\n\t\u0000Silva\u202E ")).toBe("Eva Silva");
  });
});
