// One operation of the API document as a section of /api/docs: method and path, what it does,
// its parameters, body and answers with their schemas and examples. Examples sit in <details>,
// which opens without scripts. Like the document, the reference is in English (0032), its labels
// too; the page around it speaks the reader's language.
import { Inline, Prose } from "./prose";
import { Limits, refName, SchemaView, TypeLabel, type Schema } from "./schema-view";

function Example({ value }: { value: unknown }) {
  if (value === undefined) return null;
  return (
    <details className="api-example">
      <summary>Example</summary>
      <pre>
        <code>{JSON.stringify(value, null, 2)}</code>
      </pre>
    </details>
  );
}

type Content = Record<string, { schema?: Schema; example?: unknown }>;
type Response = { description: string; content?: Content; headers?: Record<string, { description: string; schema: Schema }> };
type Parameter = { name: string; in: "path" | "query" | "header"; required?: boolean; description?: string; schema: Schema; example?: unknown };

export type Operation = {
  summary: string;
  description?: string;
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Content };
  responses: Record<string, Response>;
  "x-spec-row"?: string;
};

function Body({ content }: { content: Content }) {
  return (
    <>
      {Object.entries(content).map(([type, media]) => (
        <div key={type} className="api-media">
          <p className="api-media__type">
            <code>{type}</code>
          </p>
          {media.schema ? <SchemaView schema={media.schema} /> : null}
          <Example value={media.example} />
        </div>
      ))}
    </>
  );
}

/** An error answer: only the shared Error schema, described in one line. */
function isPlainError(response: Response) {
  const media = response.content?.["application/json"];
  return Boolean(media && media.schema && refName(media.schema) === "Error" && media.example === undefined && !response.headers);
}

const PLACES = { path: "in the path", query: "in the query", header: "header" } as const;

export function OperationView({ method, path, operation }: { method: string; path: string; operation: Operation }) {
  const parameters = operation.parameters ?? [];
  const responses = Object.entries(operation.responses);
  const answers = responses.filter(([, response]) => !isPlainError(response));
  const errors = responses.filter(([, response]) => isPlainError(response));
  const id = operation.operationId;
  return (
    <article className="api-op" id={id} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="api-op__title">
        <span className={`api-method api-method--${method}`}>{method.toUpperCase()}</span> <code className="api-op__path">{path}</code>
      </h3>
      <p className="api-op__summary">{operation.summary}</p>
      {operation.description ? <Prose text={operation.description} /> : null}
      {operation["x-spec-row"] ? (
        <p className="api-op__spec">
          Spec, section 7: <code>{operation["x-spec-row"]}</code>
        </p>
      ) : null}

      {parameters.length ? (
        <section aria-labelledby={`${id}-parameters`}>
          <h4 id={`${id}-parameters`}>Parameters</h4>
          <dl className="api-schema">
            {parameters.map((parameter) => (
              <div key={`${parameter.in} ${parameter.name}`} className="api-schema__row">
                <dt>
                  <code className="api-schema__name">{parameter.name}</code> <span className="api-schema__type"><TypeLabel schema={parameter.schema} /></span>{" "}
                  <span className="api-schema__where">{PLACES[parameter.in]}</span>
                  {parameter.required ? <span className="api-schema__required"> required</span> : null}
                </dt>
                <dd>
                  {parameter.description ? <Prose text={parameter.description} /> : null}
                  <Limits schema={parameter.schema} />
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}

      {operation.requestBody ? (
        <section aria-labelledby={`${id}-body`}>
          <h4 id={`${id}-body`}>
            Request body <span className="api-schema__required">{operation.requestBody.required ? "required" : "optional"}</span>
          </h4>
          <Body content={operation.requestBody.content} />
        </section>
      ) : null}

      <section aria-labelledby={`${id}-responses`}>
        <h4 id={`${id}-responses`}>Responses</h4>
        {answers.map(([status, response]) => (
          <div key={status} className="api-response">
            <p className="api-response__status">
              <span className="api-status">{status}</span> <Inline text={response.description} />
            </p>
            {response.headers ? (
              <dl className="api-schema">
                {Object.entries(response.headers).map(([name, header]) => (
                  <div key={name} className="api-schema__row">
                    <dt>
                      <code className="api-schema__name">{name}</code> <span className="api-schema__where">header</span>
                    </dt>
                    <dd>
                      <Inline text={header.description} />
                    </dd>
                  </div>
                ))}
              </dl>
            ) : null}
            {response.content ? <Body content={response.content} /> : <p className="muted">No body.</p>}
          </div>
        ))}
        {errors.length ? (
          <>
            <p className="api-errors__title">
              Errors (<a href="#schema-Error">Error</a>)
            </p>
            <ul className="api-errors">
              {errors.map(([status, response]) => (
                <li key={status}>
                  <span className="api-status api-status--error">{status}</span> <Inline text={response.description} />
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>
    </article>
  );
}
