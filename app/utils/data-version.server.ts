// A number that changes whenever anything is committed to the SQLite database, by this process or
// any other (the CLI auto-approval job, a seed, a second server). SQLite's `PRAGMA data_version`
// changes on a connection when *another* connection commits, so a dedicated read-only connection
// sees every commit, including those of Prisma's own connection. A call costs a few microseconds.
// Per company, triggers keep a counter in CompanyDataVersion, read here on the same connection.
import Database from "better-sqlite3";

export interface DataVersion {
  current(): number;
  /** The counter the triggers of migration *_company_data_version raise on each write to a company's rows. */
  company(companyId: string): number;
  close(): void;
}

export function sqliteDataVersion(file: string): DataVersion {
  const connection = new Database(file, { readonly: true, fileMustExist: true });
  const statement = connection.prepare("PRAGMA data_version").pluck();
  const companyStatement = connection.prepare(`SELECT "version" FROM "CompanyDataVersion" WHERE "companyId" = ?`).pluck();
  return {
    current: () => statement.get() as number,
    company: (companyId) => (companyStatement.get(companyId) as number | undefined) ?? 0,
    close: () => connection.close(),
  };
}
