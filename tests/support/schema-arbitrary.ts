// Values from the JSON Schemas of the API document (the subset it uses), for the API's fuzz test
// (tests/integration/api-fuzz.test.ts): `valid` follows a schema, `invalid` breaks it one way
// (a missing required property, a wrong type, a number out of range, an unknown enum value, an
// odd string: control characters, NUL, right-to-left marks, a long run). Sizes are kept small.
import fc from "fast-check";

export type Schema = { [key: string]: unknown };

const MAX_STRING = 24;
const MAX_ITEMS = 3;

/** Strings a client may send by mistake or on purpose. */
export const oddString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom("", " ", "\u0000", "a\u0000b", "\u0007\u001b[31m", "\u202eevil", "💥🏖️", "%", "%zz", "../../etc/passwd", "' OR 1=1 --", "<script>", "null", "-1", "1e309", "x".repeat(300)),
  fc.string({ unit: "binary", maxLength: 12 }),
);

/** A JSON value of any kind (what a wrong type is drawn from). */
const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  oddString,
  fc.constant([]),
  fc.constant({}),
);

export class SchemaArbitraries {
  constructor(private readonly components: Record<string, Schema>) {}

  private resolve(schema: Schema): Schema {
    if (typeof schema.$ref !== "string") return schema;
    const name = schema.$ref.split("/").pop()!;
    const target = this.components[name];
    if (!target) throw new Error(`No component ${name}`);
    const { $ref: _ref, ...rest } = schema;
    return { ...target, ...rest };
  }

  private types(schema: Schema): string[] {
    if (Array.isArray(schema.type)) return schema.type as string[];
    if (typeof schema.type === "string") return [schema.type];
    if (schema.properties) return ["object"];
    return [];
  }

  /** A value the schema allows (as far as this subset can tell). */
  valid(input: Schema, depth = 0): fc.Arbitrary<unknown> {
    const schema = this.resolve(input);
    if (schema.const !== undefined) return fc.constant(schema.const);
    if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
    const variants = (schema.oneOf ?? schema.anyOf) as Schema[] | undefined;
    if (variants && !schema.properties && variants.some((variant) => variant.type || variant.$ref || variant.enum)) {
      return fc.oneof(...variants.map((variant) => this.valid({ ...variant }, depth + 1)));
    }
    const types = this.types(schema);
    if (!types.length) return depth > 2 ? fc.constant(null) : anyJson;
    return fc.oneof(...types.map((type) => this.validOfType(type, schema, depth)));
  }

  private validOfType(type: string, schema: Schema, depth: number): fc.Arbitrary<unknown> {
    switch (type) {
      case "null":
        return fc.constant(null);
      case "boolean":
        return fc.boolean();
      case "integer":
      case "number": {
        const min = typeof schema.minimum === "number" ? schema.minimum : -Number.MAX_SAFE_INTEGER;
        const max = typeof schema.maximum === "number" ? schema.maximum : Number.MAX_SAFE_INTEGER;
        // Small numbers mostly, the bounds and the far ends now and then.
        const edges = fc.constantFrom(min, max, Math.max(min, Math.min(max, 0)));
        const small = fc.integer({ min: Math.max(Math.ceil(min), -1000), max: Math.min(Math.floor(max), Math.max(Math.ceil(min), -1000) + 3000) });
        const whole = fc.oneof({ arbitrary: small, weight: 3 }, { arbitrary: edges, weight: 1 }, { arbitrary: fc.integer({ min: Math.max(Math.ceil(min), -(2 ** 31)), max: Math.min(Math.floor(max), 2 ** 31 - 1) }), weight: 1 });
        if (type === "integer") return whole;
        return fc.oneof(whole, fc.double({ min, max, noNaN: true, noDefaultInfinity: true }));
      }
      case "string":
        return this.validString(schema);
      case "array": {
        const items = (schema.items as Schema | undefined) ?? {};
        return fc.array(this.valid(items, depth + 1), { maxLength: Math.min(MAX_ITEMS, (schema.maxItems as number | undefined) ?? MAX_ITEMS) });
      }
      case "object":
        return this.validObject(schema, depth);
      default:
        return anyJson;
    }
  }

  private validString(schema: Schema): fc.Arbitrary<string> {
    const maxLength = Math.min(MAX_STRING, (schema.maxLength as number | undefined) ?? MAX_STRING);
    const minLength = Math.min((schema.minLength as number | undefined) ?? 0, maxLength);
    switch (schema.format) {
      case "date": {
        // Within the pattern's years when it bounds them (the product's window), else any.
        const pattern = typeof schema.pattern === "string" ? new RegExp(schema.pattern) : null;
        return fc
          .date({ min: new Date("1990-01-01T00:00:00Z"), max: new Date("2110-12-31T00:00:00Z"), noInvalidDate: true })
          .map((date) => date.toISOString().slice(0, 10))
          .filter((text) => !pattern || pattern.test(text));
      }
      case "date-time":
        return fc.date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2100-12-31T00:00:00Z"), noInvalidDate: true }).map((date) => date.toISOString());
      case "email":
        return fc.emailAddress().filter((email) => email.length <= 200);
      case "uuid":
        return fc.uuid();
      case "uri":
        return fc.webUrl();
      default:
        break;
    }
    if (typeof schema.pattern === "string") {
      const pattern = new RegExp(schema.pattern);
      return fc.stringMatching(pattern).filter((text) => text.length <= Math.max(maxLength, 40));
    }
    return fc.string({ minLength, maxLength });
  }

  /** Every required property (under one of its names when the schema offers several), some of the others. */
  private validObject(schema: Schema, depth: number): fc.Arbitrary<Record<string, unknown>> {
    const properties = (schema.properties as Record<string, Schema> | undefined) ?? {};
    const required = new Set(this.requiredOf(schema));
    const record: Record<string, fc.Arbitrary<unknown>> = {};
    for (const [name, property] of Object.entries(properties)) record[name] = this.valid(property, depth + 1);
    const requiredKeys = Object.keys(record).filter((name) => required.has(name));
    return fc.record(record, { requiredKeys }) as fc.Arbitrary<Record<string, unknown>>;
  }

  /** `required`, and from `anyOf`/`allOf` lists of required alternatives the first of each. */
  requiredOf(input: Schema): string[] {
    const schema = this.resolve(input);
    const names = [...((schema.required as string[] | undefined) ?? [])];
    const alternatives = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
    if (alternatives?.every((variant) => Array.isArray(variant.required) && !variant.type)) names.push(...((alternatives[0].required as string[]) ?? []));
    for (const part of (schema.allOf as Schema[] | undefined) ?? []) names.push(...this.requiredOf(part));
    return names;
  }

  /** A value the schema refuses, or nearly (one property or the value itself broken). */
  invalid(input: Schema, depth = 0): fc.Arbitrary<unknown> {
    const schema = this.resolve(input);
    const types = this.types(schema);
    const broken: fc.Arbitrary<unknown>[] = [anyJson, oddString];
    if (Array.isArray(schema.enum)) broken.push(fc.constantFrom("not-a-member", "", "\u0000", "TEAM_ADMINS"));
    if (types.includes("integer") || types.includes("number")) {
      const outside: number[] = [];
      if (typeof schema.minimum === "number") outside.push(schema.minimum - 1);
      if (typeof schema.maximum === "number") outside.push(schema.maximum + 1);
      broken.push(fc.constantFrom(...outside, 1.5, -0, 2 ** 53, "12", "twelve"));
    }
    if (types.includes("string")) {
      if (typeof schema.maxLength === "number" && schema.maxLength <= 10_000) broken.push(fc.constant("y".repeat(schema.maxLength + 1)));
      if (schema.format === "date") broken.push(fc.constantFrom("2027-02-30", "1999-12-31", "2101-01-01", "27-1-1", "2027-13-01", "2027-01-01\u0000"));
      if (schema.format === "email") broken.push(fc.constantFrom("no at sign", "a@", "@b.test", "a\u0000@b.test"));
    }
    if (types.includes("object") && depth < 2) {
      const properties = Object.keys((schema.properties as Record<string, unknown> | undefined) ?? {});
      const valid = this.validObject(schema, depth) as fc.Arbitrary<Record<string, unknown>>;
      const required = this.requiredOf(schema);
      if (required.length) broken.push(valid.chain((object) => fc.constantFrom(...required).map((name) => omit(object, name))));
      if (properties.length) {
        broken.push(
          fc.tuple(valid, fc.constantFrom(...properties)).chain(([object, name]) =>
            this.invalid((schema.properties as Record<string, Schema>)[name], depth + 1).map((value) => ({ ...object, [name]: value })),
          ),
        );
      }
      broken.push(valid.map((object) => ({ ...object, unexpected_field: "\u0000" })));
    }
    return fc.oneof(...broken);
  }
}

function omit(object: Record<string, unknown>, name: string) {
  const { [name]: _gone, ...rest } = object;
  return rest;
}
