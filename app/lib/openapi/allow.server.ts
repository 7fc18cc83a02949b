// The methods an /api path serves, as its 405 names them in `Allow`: read from the API document,
// which names every route file under app/routes/api.* and each method it serves (the contract test
// keeps the two in step), so one list says it for the document and for the answers.
import { openApiDocument } from "./document.server";

let paths: { pattern: RegExp; statics: number; methods: string[] }[] | undefined;

function documentedPaths() {
  paths ??= Object.entries(openApiDocument().document.paths)
    .map(([template, item]) => {
      const methods = Object.keys(item).map((method) => method.toUpperCase());
      if (methods.includes("GET")) methods.splice(methods.indexOf("GET") + 1, 0, "HEAD");
      const source = template.replace(/[.]/g, "\\.").replace(/\{\w+\}/g, "[^/]+");
      return { pattern: new RegExp(`^${source}/?$`), statics: template.split("/").filter((part) => part && !part.startsWith("{")).length, methods };
    })
    // /api/users/me before /api/users/{id}, as Remix ranks them.
    .sort((a, b) => b.statics - a.statics);
  return paths;
}

/** The methods the /api path serves, in the document's order (HEAD beside GET); null for a path it does not describe. */
export function apiMethodsOf(pathname: string): string[] | null {
  return documentedPaths().find((path) => path.pattern.test(pathname))?.methods ?? null;
}
