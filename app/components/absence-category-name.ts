import type { TFunction } from "i18next";
import { hasSeededName } from "~/lib/absence-categories";

/**
 * Seeded categories show a translated name until an admin renames them; from then on, and for the
 * categories a company adds, the admin's own name.
 */
export function categoryName(t: TFunction, category: { id: string; name: string } | undefined, fallbackId = ""): string {
  if (!category) return fallbackId;
  return hasSeededName(category) ? t(`absences.categories.${category.id}`, { defaultValue: category.name }) : category.name;
}
