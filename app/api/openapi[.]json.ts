import type { LoaderFunctionArgs } from "@remix-run/node";
import { openApiDocument } from "~/lib/openapi/document.server";
import { handleApi } from "~/utils/api.server";
import { etagMatches } from "~/utils/conditional.server";
import { onlyMethods } from "~/utils/http.server";

// GET /api/openapi.json: the API's OpenAPI 3.1 document, public. It changes only with the code,
// so clients revalidate with the ETag; any site may read it (tools such as editors fetch it).
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    const { json, etag } = openApiDocument();
    const headers = { ETag: etag, "Cache-Control": "public, no-cache", "Access-Control-Allow-Origin": "*" };
    if (etagMatches(request, etag)) return new Response(null, { status: 304, headers });
    return new Response(json, { headers: { ...headers, "Content-Type": "application/json; charset=utf-8" } });
  });
}

// Reads only.
export const action = onlyMethods("GET", "HEAD");
