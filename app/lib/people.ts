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

let collator: Intl.Collator | undefined;

/**
 * How lists of people are put in order by name: accents and case do not count ("Álvaro" beside
 * "alvaro"). One collator for the process, made on first use: making one costs more than sorting
 * a page of names.
 */
export function compareNames(a: string, b: string): number {
  collator ??= new Intl.Collator("pt", { sensitivity: "base" });
  return collator.compare(a, b);
}
