import type { TFunction } from "i18next";

/** Seeded categories have translated names; categories a company adds keep their own name. */
export function categoryName(t: TFunction, category: { id: string; name: string } | undefined, fallbackId = ""): string {
  if (!category) return fallbackId;
  return t(`absences.categories.${category.id}`, { defaultValue: category.name });
}
