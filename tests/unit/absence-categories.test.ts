import { describe, expect, it } from "vitest";
import { categoryName } from "~/components/absence-category-name";
import { absenceCategorySchema } from "~/lib/schemas/absence-categories";
import { apiCreateAbsenceCategorySchema, apiUpdateAbsenceCategorySchema } from "~/lib/schemas/absence-categories-api";
import { MAX_ABSENCE_CATEGORY_NAME } from "~/lib/input-limits";
import { resources } from "~/i18n-resources.server";
import { getT } from "~/utils/i18n.server";

describe("the name a category shows", () => {
  const pt = getT("pt");
  it("is the translation while a seeded category keeps its seeded name", () => {
    expect(categoryName(pt, { id: "sick_leave", name: "Sick leave" })).toBe("Baixa médica");
    expect(categoryName(getT("es"), { id: "yearly_allowance", name: "Vacation" })).toBe("Vacaciones");
  });

  it("is the admin's own once renamed, and a new category's own", () => {
    expect(categoryName(pt, { id: "sick_leave", name: "Doença" })).toBe("Doença");
    expect(categoryName(pt, { id: "jury_duty", name: "Jury duty" })).toBe("Jury duty");
    expect(categoryName(pt, undefined, "gone")).toBe("gone");
  });
});

describe("category fields", () => {
  it("trims the name, bounds it, lower-cases the colour, reads an unticked checkbox as no", () => {
    expect(absenceCategorySchema.parse({ name: "  Jury duty ", color: "#AABBCC", balance: "none" })).toEqual({
      name: "Jury duty",
      color: "#aabbcc",
      balance: "none",
      requiresApproval: false,
      // No rule set: each rule empty, its mode the default.
      minNoticeDays: null,
      minNoticeMode: "block",
      maxConsecutiveDays: null,
      maxConsecutiveMode: "block",
      minRequestDays: null,
      minRequestMode: "block",
      // Not reported (sickness is), no document asked.
      reported: false,
      documentRequired: false,
      documentAfterDays: null,
      documentMode: "block",
    });
    expect(absenceCategorySchema.safeParse({ name: "x".repeat(MAX_ABSENCE_CATEGORY_NAME), color: "#000000", balance: "yearly" }).success).toBe(true);
    expect(absenceCategorySchema.safeParse({ name: "x".repeat(MAX_ABSENCE_CATEGORY_NAME + 1), color: "#000000", balance: "yearly" }).error?.issues[0].message).toBe("absenceTypes.errors.nameTooLong");
  });

  it("states the limit its message names", () => {
    for (const language of ["pt", "en", "es"] as const) {
      expect(resources[language].common.absenceTypes.errors.nameTooLong).toContain(String(MAX_ABSENCE_CATEGORY_NAME));
    }
  });

  it("takes the API's snake_case names with the same rules", () => {
    expect(apiCreateAbsenceCategorySchema.parse({ name: " Remote ", requires_approval: false })).toEqual({ name: "Remote", requires_approval: false });
    expect(apiUpdateAbsenceCategorySchema.parse({})).toEqual({});
    expect(apiUpdateAbsenceCategorySchema.safeParse({ active: "no" }).error?.issues[0].message).toBe("absenceTypes.errors.flagInvalid");
    expect(apiUpdateAbsenceCategorySchema.safeParse({ balance: "holidays" }).error?.issues[0].message).toBe("absenceTypes.errors.balanceInvalid");
  });
});
