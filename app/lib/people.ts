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


/**
 * How lists of people are put in order by name: accents and case do not count ("Álvaro" beside
 * "alvaro"). One instance for the process: building a collator costs more than a page's sort.
 */
export const nameCollator = new Intl.Collator("pt", { sensitivity: "base" });
