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

