// Reads written in SQL rather than through the client's findMany (decisions 0053 and 0055: the
// client spent ~150 µs of CPU per statement and ~2.7 µs per row making objects): their columns,
// named as a client `select` of scalars names them, so that a read's rows have the client's own
// payload type.
import { Prisma } from "~/generated/prisma/client";

const NAME = /^[A-Za-z]+$/;

// The selects are the models' constants: each one's list is written once, not on every read.
const lists = new WeakMap<object, { alias: string; sql: Prisma.Sql }>();

/** `a."id", a."name"` for `{ id: true, name: true }` read through the table's alias `a`. */
export function columnListSql(alias: string, columns: Readonly<Record<string, boolean | undefined>>): Prisma.Sql {
  const known = lists.get(columns);
  if (known && known.alias === alias) return known.sql;
  const names = Object.keys(columns).filter((name) => columns[name]);
  // Names come from the app's own selects, never from a request; checked all the same, as they
  // are written into the statement rather than bound.
  if (!NAME.test(alias) || names.length === 0 || !names.every((name) => NAME.test(name))) throw new Error(`Not a list of columns: ${alias}: ${names.join(", ")}`);
  const sql = Prisma.raw(names.map((name) => `${alias}."${name}"`).join(", "));
  lists.set(columns, { alias, sql });
  return sql;
}

/** `alias."column" IN (…)` for the ids asked for: every row when `ids` is undefined, none when empty. */
export function idsSql(alias: string, column: "id" | "userId", ids: readonly string[] | undefined): Prisma.Sql {
  if (!ids) return Prisma.sql`1 = 1`;
  if (!NAME.test(alias)) throw new Error(`Not an alias: ${alias}`);
  // An empty IN is not SQL.
  return ids.length ? Prisma.sql`${Prisma.raw(`${alias}."${column}"`)} IN (${Prisma.join(ids)})` : Prisma.sql`1 = 0`;
}
