// /api/docs: the API's OpenAPI document (/api/openapi.json) as a page to read. Rendered on the
// server from the document itself, plain HTML and CSS without scripts (root.tsx leaves them out
// for this address), public. The page's own words follow the reader's language; the reference is
// the document's English (docs/decisions/0032-api-contract.md).
import type { LoaderFunctionArgs, MetaFunction, LinksFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { OperationView, type Operation } from "~/components/api-docs/operation-view";
import { Prose } from "~/components/api-docs/prose";
import { schemaAnchor, SchemaView, type Schema } from "~/components/api-docs/schema-view";
import { Logo } from "~/components/logo";
import { SUPPORTED_LANGUAGES } from "~/i18n";
import { openApiDocument } from "~/lib/openapi/document.server";
import { withPageErrors } from "~/utils/form-errors.server";
import { onlyMethods } from "~/utils/http.server";
import { getLanguage, getT } from "~/utils/i18n.server";
import siteStyles from "~/styles/site.css";
import apiDocsStyles from "~/styles/api-docs.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: siteStyles },
  { rel: "stylesheet", href: apiDocsStyles },
];

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

export function loader({ request }: LoaderFunctionArgs) {
  return withPageErrors(async () => {
    const language = await getLanguage(request);
    const t = getT(language);
    return { language, document: openApiDocument().document, meta: { title: t("apiDocs.meta.title"), description: t("apiDocs.meta.description") } };
  });
}

// Reads only (every file under /api answers other methods with the API's 405).
export const action = onlyMethods("GET", "HEAD");

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ title: data.meta.title }, { name: "description", content: data.meta.description }] : [{ title: "Folga API" }];

type Document = {
  info: { title: string; version: string; description: string };
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema>; securitySchemes: Record<string, { type: string; scheme?: string; in?: string; name?: string; description: string }> };
};

type Entry = { method: string; path: string; operation: Operation & { tags: string[] } };

function tagAnchor(tag: string) {
  return `tag-${tag.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
}

export default function ApiDocsPage() {
  const { t } = useTranslation();
  const loaded = useLoaderData<typeof loader>();
  const document = loaded.document as unknown as Document;
  const entries: Entry[] = Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({ method, path, operation: item[method] as Entry["operation"] })),
  );
  const byTag = document.tags.map((tag) => ({ ...tag, entries: entries.filter((entry) => entry.operation.tags[0] === tag.name) }));
  const schemas = Object.entries(document.components.schemas);
  return (
    <div className="site api-docs">
      <a className="skip-link" href="#api-docs-main">
        {t("nav.skipToContent")}
      </a>
      <header className="site__header">
        <a href="/public" className="brand site__brand">
          <Logo />
          <span>Folga</span>
        </a>
        <div className="site__account">
          <a href="/login" className="button button--primary">
            {t("apiDocs.signIn")}
          </a>
        </div>
      </header>
      <main className="site__main api-docs__main" id="api-docs-main">
        <section className="api-docs__hero" aria-labelledby="api-docs-title">
          <h1 id="api-docs-title">{t("apiDocs.title")}</h1>
          <p className="site__lead">{t("apiDocs.lead")}</p>
          <p className="api-docs__facts">
            <a href="/api/openapi.json" className="button">
              {t("apiDocs.download")}
            </a>
            <span className="muted">
              OpenAPI 3.1 · {t("apiDocs.version", { version: document.info.version })} · {t("apiDocs.operations", { count: entries.length })}
            </span>
          </p>
          {loaded.language === "en" ? null : <p className="muted">{t("apiDocs.englishOnly")}</p>}
        </section>

        <nav className="api-docs__contents" aria-labelledby="api-docs-contents">
          <h2 id="api-docs-contents">{t("apiDocs.contents")}</h2>
          <ol>
            <li>
              <a href="#api-intro">{t("apiDocs.intro")}</a>
            </li>
            <li>
              <a href="#api-auth">{t("apiDocs.auth")}</a>
            </li>
            {byTag.map((tag) => (
              <li key={tag.name} lang="en">
                <a href={`#${tagAnchor(tag.name)}`}>{tag.name}</a>
                <ul>
                  {tag.entries.map((entry) => (
                    <li key={entry.operation.operationId}>
                      <a href={`#${entry.operation.operationId}`}>
                        <span className={`api-method api-method--${entry.method}`}>{entry.method.toUpperCase()}</span> <code>{entry.path}</code>
                      </a>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
            <li>
              <a href="#api-schemas">{t("apiDocs.schemas")}</a>
            </li>
          </ol>
        </nav>

        <section id="api-intro" className="site__section" aria-labelledby="api-intro-title">
          <h2 id="api-intro-title">{t("apiDocs.intro")}</h2>
          <div lang="en">
            <Prose text={document.info.description} />
          </div>
        </section>

        <section id="api-auth" className="site__section" aria-labelledby="api-auth-title">
          <h2 id="api-auth-title">{t("apiDocs.auth")}</h2>
          <dl className="api-schema" lang="en">
              {Object.entries(document.components.securitySchemes).map(([name, scheme]) => (
                <div key={name} className="api-schema__row">
                  <dt>
                    <code className="api-schema__name">{name}</code>{" "}
                    <span className="api-schema__type">{scheme.type === "http" ? `HTTP ${scheme.scheme ?? ""}` : `${scheme.in ?? ""} ${scheme.name ?? ""}`}</span>
                  </dt>
                  <dd>
                    <p>{scheme.description}</p>
                  </dd>
                </div>
              ))}
          </dl>
        </section>

        <div lang="en">
          {byTag.map((tag) => (
            <section key={tag.name} id={tagAnchor(tag.name)} className="site__section api-docs__tag" aria-labelledby={`${tagAnchor(tag.name)}-title`}>
              <h2 id={`${tagAnchor(tag.name)}-title`}>{tag.name}</h2>
              <p className="muted">{tag.description}</p>
              {tag.entries.map((entry) => (
                <OperationView key={entry.operation.operationId} method={entry.method} path={entry.path} operation={entry.operation} />
              ))}
              <p className="api-docs__top">
                <a href="#api-docs-contents" lang={loaded.language}>
                  {t("apiDocs.backToTop")}
                </a>
              </p>
            </section>
          ))}

          <section id="api-schemas" className="site__section" aria-labelledby="api-schemas-title">
            <h2 id="api-schemas-title" lang={loaded.language}>
              {t("apiDocs.schemas")}
            </h2>
            {schemas.map(([name, schema]) => (
              <article key={name} id={schemaAnchor(name)} className="api-op" aria-labelledby={`${schemaAnchor(name)}-title`}>
                <h3 id={`${schemaAnchor(name)}-title`}>{name}</h3>
                <SchemaView schema={schema} />
              </article>
            ))}
          </section>
        </div>
      </main>
      <footer className="site__footer">
        <p>{t("apiDocs.copyright")}</p>
        <nav aria-label={t("apiDocs.language")} className="site__languages">
          {SUPPORTED_LANGUAGES.map((code) => (
            <a key={code} href={`/api/docs?lng=${code}`} lang={code} hrefLang={code} aria-current={code === loaded.language ? "true" : undefined}>
              {t(`language.${code}`)}
            </a>
          ))}
        </nav>
      </footer>
    </div>
  );
}
