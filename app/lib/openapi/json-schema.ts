// The JSON Schema (2020-12, OpenAPI 3.1's dialect) of a zod schema, as the API document shows it.
// Requests are described by what a client may send (zod's "input" side), answers by what the
// server sends ("output"). Named schemas (named()) become references to the document's
// components, so a User is described once.
import { z } from "zod";
import { DATE_WINDOW_PATTERN } from "./operation";

export type JsonSchema = { [key: string]: unknown };
export type Io = "input" | "output";

const names = new WeakMap<z.core.$ZodType, string>();
const byName = new Map<string, z.core.$ZodType>();

/**
 * Registers an answer's schema under a component name (User, Vacation…); returns the same schema.
 * Only answers are named: a component is described as the server sends it (zod's output side).
 */
export function named<T extends z.core.$ZodType>(name: string, schema: T): T {
  if (byName.has(name) && byName.get(name) !== schema) throw new Error(`Two API schemas are named ${name}`);
  names.set(schema, name);
  byName.set(name, schema);
  return schema;
}

export function namedSchema(name: string): z.core.$ZodType | undefined {
  return byName.get(name);
}

/** The component name of a schema, or of the schema it was derived from by describe()/meta(). */
export function nameOf(schema: z.core.$ZodType): string | undefined {
  for (let current: z.core.$ZodType | undefined = schema; current; current = current._zod.parent) {
    const name = names.get(current);
    if (name) return name;
  }
  return undefined;
}

export const COMPONENT_PREFIX = "#/components/schemas/";

function isUnknown(schema: z.core.$ZodType) {
  const type = schema._zod.def.type;
  return type === "unknown" || type === "any";
}

function replaceContents(target: JsonSchema, source: JsonSchema) {
  for (const key of Object.keys(target)) delete target[key];
  Object.assign(target, source);
}

/**
 * The schema's JSON Schema. The API's schemas accept `unknown` and pipe it into the form's own
 * field rule (`z.unknown().pipe(rule)`, so one message per field comes from the rule); such a
 * field is described by its rule, with the pipe's own description on top.
 */
export function jsonSchemaOf(schema: z.core.$ZodType, io: Io, { inlineRoot = true } = {}): JsonSchema {
  const json = z.toJSONSchema(schema, {
    io,
    target: "draft-2020-12",
    unrepresentable: "any",
    override: ({ zodSchema, jsonSchema }) => {
      const name = nameOf(zodSchema);
      if (name && !(inlineRoot && zodSchema === schema)) {
        const keep = typeof jsonSchema.description === "string" ? { description: jsonSchema.description } : {};
        replaceContents(jsonSchema, { $ref: COMPONENT_PREFIX + name, ...keep });
        return;
      }
      const def = zodSchema._zod.def as { type: string; in?: z.core.$ZodType; out?: z.core.$ZodType };
      if (def.type === "pipe" && def.in && def.out && isUnknown(def.in)) {
        const own = { ...jsonSchema };
        replaceContents(jsonSchema, { ...jsonSchemaOf(def.out, io, { inlineRoot: false }), ...own });
      }
      // The format says it; zod's long pattern would only clutter the page. The date window's own
      // pattern (the years the server reads) stays.
      if ((jsonSchema.format === "date" || jsonSchema.format === "date-time") && jsonSchema.pattern !== DATE_WINDOW_PATTERN) delete jsonSchema.pattern;
      // zod's int() bounds a number by the safe integers, which says nothing to a reader.
      if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
      if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
    },
  }) as JsonSchema;
  delete json.$schema;
  return json;
}
