// The methods an /api path serves, as its 405 names them in `Allow`: read from the API document,
// which names every operation of the /api table (app/api/routes.server.ts) and each method it
// serves (the contract test keeps the two in step), so one list says it for the document and for
// the answers.
import { pathTemplateMatcher } from "~/lib/path-templates";
import { openApiDocument } from "./document.server";

let methodsOfPath: ReturnType<typeof pathTemplateMatcher<string[]>> | undefined;

function documentedPaths() {
  methodsOfPath ??= pathTemplateMatcher(
    Object.entries(openApiDocument().document.paths).map(([template, item]) => {
      const methods = Object.keys(item).map((method) => method.toUpperCase());
      if (methods.includes("GET")) methods.splice(methods.indexOf("GET") + 1, 0, "HEAD");
      return [template, methods] as const;
    }),
  );
  return methodsOfPath;
}

/** The methods the /api path serves, in the document's order (HEAD beside GET); null for a path it does not describe. */
export function apiMethodsOf(pathname: string): string[] | null {
  return documentedPaths()(pathname)?.value ?? null;
}
