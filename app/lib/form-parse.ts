// Conform's form parsing with a zod schema, on the server and in the browser. @conform-to/zod's
// own parseWithZod wraps every schema with zod's classic build (its type coercion), which puts
// ~90 kB gzip of zod, every locale included, into the first load of each form page. Our form
// schemas are zod/mini and need no coercion but one: an empty field is a missing value, as
// Conform's coercion reads it.
import { parse, type Submission } from "@conform-to/react";
import { safeParse, type $ZodType, type input, type output } from "zod/v4/core";

function fieldName(path: readonly PropertyKey[]): string {
  return path.reduce<string>((name, part) => (typeof part === "number" ? `${name}[${part}]` : name ? `${name}.${String(part)}` : String(part)), "");
}

function emptyToUndefined(value: unknown): unknown {
  if (value === "") return undefined;
  if (typeof File !== "undefined" && value instanceof File) return value.name === "" && value.size === 0 ? undefined : value;
  if (Array.isArray(value)) return value.map(emptyToUndefined);
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, emptyToUndefined(item)]));
  return value;
}

/** Same answer as @conform-to/zod's parseWithZod: errors are the issues' messages (locale keys) by field name. */
export function parseWithZod<Schema extends $ZodType>(payload: FormData | URLSearchParams, options: { schema: Schema }): Submission<input<Schema>, string[], output<Schema>> {
  return parse<output<Schema>, string[]>(payload, {
    resolve(value) {
      const result = safeParse(options.schema, emptyToUndefined(value));
      if (result.success) return { value: result.data };
      const error: Record<string, string[]> = {};
      for (const issue of result.error.issues) (error[fieldName(issue.path)] ??= []).push(issue.message);
      return { error };
    },
  }) as Submission<input<Schema>, string[], output<Schema>>;
}
