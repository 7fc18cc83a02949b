// How a person is named wherever the product shows one (shell, tables, e-mails, exports):
// spec, app shell: "full name, else name, else e-mail".
export interface Nameable {
  fullName?: string | null;
  name?: string | null;
  email: string;
}

export function displayName(person: Nameable): string {
  return person.fullName?.trim() || person.name?.trim() || person.email;
}

/** Lower case without accents: "João" and "joao" are the same search, on SQLite and PostgreSQL alike. */
export function foldForSearch(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/** Whether a person matches what was typed in a name search (name, full name or e-mail). */
export function matchesSearch(person: Nameable, search: string): boolean {
  const needle = foldForSearch(search.trim());
  return !needle || foldForSearch(`${person.fullName ?? ""} ${person.name ?? ""} ${person.email}`).includes(needle);
}
