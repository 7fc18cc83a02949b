// A JSON Schema (2020-12, as the API document holds it) shown to a person: each property with its
// type, whether it is required, its description and limits; named schemas as links to their
// section of the page. Plain markup, no scripts; in English, like the document (0032).
import { Fragment, type ReactNode } from "react";
import { Prose } from "./prose";

export type Schema = { [key: string]: unknown };

const COMPONENT = "#/components/schemas/";

export function schemaAnchor(name: string) {
  return `schema-${name}`;
}

export function refName(schema: Schema): string | null {
  return typeof schema.$ref === "string" && schema.$ref.startsWith(COMPONENT) ? schema.$ref.slice(COMPONENT.length) : null;
}

const asSchema = (value: unknown): Schema | null => (value && typeof value === "object" && !Array.isArray(value) ? (value as Schema) : null);
const variantsOf = (schema: Schema) => ((schema.anyOf ?? schema.oneOf) as Schema[] | undefined) ?? null;

/** "string (date)", "array of Vacation", "User or null", "map of string → any". */
export function TypeLabel({ schema }: { schema: Schema }) {
  const name = refName(schema);
  if (name) return <a href={`#${schemaAnchor(name)}`}>{name}</a>;
  const variants = variantsOf(schema);
  if (variants) return <Joined parts={variants.map((variant, index) => <TypeLabel key={index} schema={variant} />)} separator=" or " />;
  if ("const" in schema) return <code>{JSON.stringify(schema.const)}</code>;
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : typeof schema.type === "string" ? [schema.type] : [];
  if (types.length > 1) return <Joined parts={types.map((type) => <Fragment key={type}>{type}</Fragment>)} separator=" or " />;
  const [type] = types;
  if (type === "array") {
    const items = asSchema(schema.items);
    return <>array of {items ? <TypeLabel schema={items} /> : "any"}</>;
  }
  if (type === "object" && !schema.properties && schema.additionalProperties && typeof schema.additionalProperties === "object") {
    const values = schema.additionalProperties as Schema;
    return <>map of string → {Object.keys(values).length ? <TypeLabel schema={values} /> : "any"}</>;
  }
  if (!type) return <>{schema.contentMediaType ? String(schema.contentMediaType) : "any JSON value"}</>;
  return <>{schema.format ? `${type} (${String(schema.format)})` : type}</>;
}

function Joined({ parts, separator }: { parts: ReactNode[]; separator: string }) {
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index ? separator : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}

/** The limits a value must keep, in words: one of…, default, from–to, length, pattern. */
export function Limits({ schema }: { schema: Schema }) {
  const limits: ReactNode[] = [];
  if (Array.isArray(schema.enum)) {
    limits.push(
      <>
        one of{" "}
        <Joined parts={(schema.enum as unknown[]).map((value) => <code key={String(value)}>{JSON.stringify(value)}</code>)} separator=", " />
      </>,
    );
  }
  if ("default" in schema) limits.push(<>default <code>{JSON.stringify(schema.default)}</code></>);
  const range = (min: unknown, max: unknown, unit: string) => {
    if (min === undefined && max === undefined) return;
    if (max === undefined) limits.push(`${unit} ≥ ${String(min)}`);
    else if (min === undefined) limits.push(`${unit} ≤ ${String(max)}`);
    else limits.push(`${unit} ${String(min)}–${String(max)}`);
  };
  range(schema.minimum, schema.maximum, "value");
  range(schema.minLength, schema.maxLength, "length");
  range(schema.minItems, schema.maxItems, "items");
  if (typeof schema.pattern === "string") limits.push(<>matches <code>{schema.pattern}</code></>);
  if (!limits.length) return null;
  return (
    <p className="api-schema__limits">
      <Joined parts={limits.map((limit, index) => <Fragment key={index}>{limit}</Fragment>)} separator=" · " />
    </p>
  );
}

/** The object (or the objects of an array, or of a choice) inside a property, shown in place. */
function Nested({ schema, depth }: { schema: Schema; depth: number }) {
  if (depth > 4) return null;
  if (asSchema(schema.properties)) return <Properties schema={schema} depth={depth} />;
  const items = asSchema(schema.items);
  if (items && !refName(items)) return <Nested schema={items} depth={depth} />;
  const variants = variantsOf(schema);
  if (variants) return <>{variants.map((variant, index) => (refName(variant) ? null : <Nested key={index} schema={variant} depth={depth} />))}</>;
  return null;
}

function Properties({ schema, depth }: { schema: Schema; depth: number }) {
  const properties = Object.entries(asSchema(schema.properties) ?? {}) as [string, Schema][];
  const required = new Set((schema.required as string[] | undefined) ?? []);
  if (!properties.length) return null;
  return (
    <dl className="api-schema">
      {properties.map(([name, property]) => (
        <div key={name} className="api-schema__row">
          <dt>
            <code className="api-schema__name">{name}</code> <span className="api-schema__type"><TypeLabel schema={property} /></span>
            {required.has(name) ? <span className="api-schema__required"> required</span> : null}
          </dt>
          <dd>
            {typeof property.description === "string" ? <Prose text={property.description} /> : null}
            <Limits schema={property} />
            <Nested schema={property} depth={depth + 1} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** A whole schema: its type, its description and limits, and its properties. */
export function SchemaView({ schema }: { schema: Schema }) {
  const name = refName(schema);
  return (
    <div className="api-schema-view">
      <p className="api-schema-view__type">
        <TypeLabel schema={schema} />
      </p>
      {!name && typeof schema.description === "string" ? <Prose text={schema.description} /> : null}
      {name ? null : <Limits schema={schema} />}
      {name ? null : <Nested schema={schema} depth={0} />}
    </div>
  );
}
