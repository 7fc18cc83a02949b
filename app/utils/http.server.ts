// Reading what a request carries without letting a malformed one become a 500.
import { apiMethodsOf } from "~/lib/openapi/allow.server";
import { getLanguage, getT } from "./i18n.server";
import { assertFormHasNoControlCharacters } from "./request-input.server";

/**
 * The form fields of an HTML action. A body that is no readable form (JSON, garbage under a
 * multipart type, a cut-off upload) is the client's mistake: a 400 for the route's error
 * boundary, never a 500. A field holding a control character (NUL…) is refused here too, a 400
 * for every form at once (request-input.server.ts).
 */
export async function readFormData(request: Request): Promise<FormData> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new Response("Bad Request", { status: 400, statusText: "Bad Request" });
  }
  assertFormHasNoControlCharacters(form);
  return form;
}

/**
 * The API's 405: `{detail}` and `Allow`. Allow names every method the path serves, as the API
 * document lists them (a route's own list names only what its loader or its action serves).
 */
async function methodNotAllowed(request: Request, methods: string[]): Promise<Response> {
  const t = getT(await getLanguage(request));
  const allow = apiMethodsOf(new URL(request.url).pathname) ?? methods;
  return Response.json({ detail: t("errorPage.methodNotAllowed.body") }, { status: 405, headers: { Allow: allow.join(", ") } });
}

/**
 * An /api action serves only these methods; any other gets a translated 405 `{detail}` with the
 * Allow header (thrown inside handleApi, which passes a thrown Response through).
 */
export async function allowMethods(request: Request, ...methods: string[]): Promise<void> {
  if (!methods.includes(request.method)) throw await methodNotAllowed(request, methods);
}

/**
 * The loader of an /api route that only acts, or the action of one that only reads: without it
 * Remix answers such a request with its own error (a 400 for GET, with a stack trace outside
 * production) instead of the API's `{detail}`. Every /api route exports both (a test checks).
 */
export function onlyMethods(...methods: string[]) {
  return ({ request }: { request: Request }) => methodNotAllowed(request, methods);
}
