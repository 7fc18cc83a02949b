// What `$queryRaw` does to a statement's parameters and rows, done without the client: the client
// spends ~100–160 µs of CPU on each statement (its parameters written to JSON and read back, a plan
// built and interpreted) where the driver adapter that runs it takes ~20 µs, and the app's pages
// read through a dozen such statements each (decision 0059). The rules below are the client's own
// (Prisma 7.10: serializeRawParameters, deserializeRawParameters, serializeRawSql and
// deserializeRawResult); anything they do not cover is left to the client, which then gives its
// own answer or its own error. tests/integration/raw-rows.test.ts holds them equal on both engines.
import { type ArgType, type ColumnType, ColumnTypeEnum, type SqlQuery, type SqlResultSet } from "@prisma/driver-adapter-utils";
import { Prisma } from "~/generated/prisma/client";

/** A parameter or a value the client would treat otherwise (or refuse): the client handles the statement. */
export class LeftToTheClient extends Error {}

const STRING: ArgType = { scalarType: "string", arity: "scalar" };
// The client marks every number "decimal" (integers too) and leaves the adapter to bind it.
const NUMBER: ArgType = { scalarType: "decimal", arity: "scalar" };
const BIGINT: ArgType = { scalarType: "bigint", arity: "scalar" };
const DATETIME: ArgType = { scalarType: "datetime", arity: "scalar" };
const UNKNOWN: ArgType = { scalarType: "unknown", arity: "scalar" };

function bound(value: unknown): [unknown, ArgType] {
  switch (typeof value) {
    case "string":
      return [value, STRING];
    case "number":
      // JSON has no NaN or Infinity (the client would bind null), and writes -0 as 0.
      if (!Number.isFinite(value)) break;
      return [value === 0 ? 0 : value, NUMBER];
    case "boolean":
      return [value, UNKNOWN];
    case "bigint":
      return [value.toString(), BIGINT];
    case "undefined":
      return [null, UNKNOWN];
    case "object":
      if (value === null) return [null, UNKNOWN];
      if (value instanceof Date && !Number.isNaN(value.getTime())) return [value.toJSON(), DATETIME];
      break;
  }
  throw new LeftToTheClient(`A parameter of type ${typeof value}`);
}

/** The statement as the client hands it to an adapter of this provider. */
export function statementFor(provider: string, query: Prisma.Sql): SqlQuery {
  const sql = provider === "sqlite" ? query.sql : provider === "postgres" ? query.text : undefined;
  if (sql === undefined) throw new LeftToTheClient(`Provider ${provider}`);
  const args: unknown[] = [];
  const argTypes: ArgType[] = [];
  for (const value of query.values) {
    const [arg, type] = bound(value);
    args.push(arg);
    argTypes.push(type);
  }
  return { sql, args, argTypes };
}

type Read = (value: unknown) => unknown;

const same: Read = (value) => value;

const int32: Read = (value) => {
  if (typeof value === "number") return Math.trunc(value);
  if (typeof value === "string") return Math.trunc(Number(value));
  throw new LeftToTheClient(`${typeof value} as Int32`);
};

const int64: Read = (value) => {
  if (typeof value === "number") return BigInt(Math.trunc(value));
  if (typeof value === "string") return BigInt(value);
  throw new LeftToTheClient(`${typeof value} as Int64`);
};

const boolean: Read = (value) => {
  if (typeof value === "boolean") return value;
  if (typeof value === "string") return value === "true" || value === "1";
  if (typeof value === "number") return value === 1;
  throw new LeftToTheClient(`${typeof value} as Boolean`);
};

const json: Read = (value) => {
  if (typeof value === "string") return JSON.parse(value);
  throw new LeftToTheClient(`${typeof value} as Json`);
};

const decimal: Read = (value) => new Prisma.Decimal(value as string);
const dateTime: Read = (value) => new Date(value as string);
const time: Read = (value) => new Date(`1970-01-01T${value as string}Z`);

const leftToTheClient: Read = () => {
  throw new LeftToTheClient("Bytes");
};

const SCALARS: Partial<Record<ColumnType, Read>> = {
  [ColumnTypeEnum.Int32]: int32,
  [ColumnTypeEnum.Int64]: int64,
  [ColumnTypeEnum.Float]: same,
  [ColumnTypeEnum.Double]: same,
  [ColumnTypeEnum.Numeric]: decimal,
  [ColumnTypeEnum.Boolean]: boolean,
  [ColumnTypeEnum.Character]: same,
  [ColumnTypeEnum.Text]: same,
  [ColumnTypeEnum.Date]: dateTime,
  [ColumnTypeEnum.Time]: time,
  [ColumnTypeEnum.DateTime]: dateTime,
  [ColumnTypeEnum.Json]: json,
  [ColumnTypeEnum.Enum]: same,
  [ColumnTypeEnum.Bytes]: leftToTheClient,
  [ColumnTypeEnum.Set]: same,
  [ColumnTypeEnum.Uuid]: same,
  [ColumnTypeEnum.UnknownNumber]: same,
};

// Each array type reads its items as its scalar type does, a null item staying null.
const ARRAYS: Partial<Record<ColumnType, ColumnType>> = {
  [ColumnTypeEnum.Int32Array]: ColumnTypeEnum.Int32,
  [ColumnTypeEnum.Int64Array]: ColumnTypeEnum.Int64,
  [ColumnTypeEnum.FloatArray]: ColumnTypeEnum.Float,
  [ColumnTypeEnum.DoubleArray]: ColumnTypeEnum.Double,
  [ColumnTypeEnum.NumericArray]: ColumnTypeEnum.Numeric,
  [ColumnTypeEnum.BooleanArray]: ColumnTypeEnum.Boolean,
  [ColumnTypeEnum.CharacterArray]: ColumnTypeEnum.Character,
  [ColumnTypeEnum.TextArray]: ColumnTypeEnum.Text,
  [ColumnTypeEnum.DateArray]: ColumnTypeEnum.Date,
  [ColumnTypeEnum.TimeArray]: ColumnTypeEnum.Time,
  [ColumnTypeEnum.DateTimeArray]: ColumnTypeEnum.DateTime,
  [ColumnTypeEnum.JsonArray]: ColumnTypeEnum.Json,
  [ColumnTypeEnum.EnumArray]: ColumnTypeEnum.Enum,
  [ColumnTypeEnum.BytesArray]: ColumnTypeEnum.Bytes,
  [ColumnTypeEnum.UuidArray]: ColumnTypeEnum.Uuid,
};

function readerOf(type: ColumnType): Read {
  const scalar = SCALARS[type];
  if (scalar) return scalar;
  const itemType = ARRAYS[type];
  const item = itemType === undefined ? undefined : SCALARS[itemType];
  if (!item) throw new LeftToTheClient(`Column type ${type}`);
  return (value) => {
    if (!Array.isArray(value)) throw new LeftToTheClient(`${typeof value} as an array`);
    return value.map((v) => (v === null ? null : item(v)));
  };
}

/** The rows `$queryRaw` would give for this result: one object per row, keyed by column name. */
export function rowsOf(result: SqlResultSet): Record<string, unknown>[] {
  const names = result.columnNames;
  const reads = result.columnTypes.map(readerOf);
  return result.rows.map((row) => {
    const object: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i++) {
      const value = row[i];
      object[names[i]] = value === null ? null : reads[i](value);
    }
    return object;
  });
}
