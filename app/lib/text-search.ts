// Searching names the way people type them: case and accents do not matter ("joao" finds "João"),
// matched in memory so SQLite and PostgreSQL answer alike. Server-side only (models import it), so
// it never weighs on a page's JavaScript.
import type { Nameable } from "./people";

/** Lower case without accents. */
export function foldForSearch(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/** Whether a person matches what was typed in a name search (name, full name or e-mail). */
export function matchesSearch(person: Nameable, search: string): boolean {
  const needle = foldForSearch(search.trim());
  return !needle || foldForSearch(`${person.fullName ?? ""} ${person.name ?? ""} ${person.email}`).includes(needle);
}
