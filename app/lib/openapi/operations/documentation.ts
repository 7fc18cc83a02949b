import type { ApiOperation } from "../operation";

export const documentationOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/openapi.json",
    tag: "Documentation",
    summary: "This document (OpenAPI 3.1)",
    description: "Public. Send the ETag back in If-None-Match: 304 while the document is unchanged.",
    access: "anyone",
    headers: [{ name: "If-None-Match", description: "The ETag of the copy you hold", schema: { type: "string" } }],
    responses: {
      200: { description: "The document", contentType: "application/json", headers: { ETag: { description: "Names this version of the document", schema: { type: "string" } } } },
      304: { description: "Unchanged since the ETag sent" },
    },
  },
  {
    method: "get",
    path: "/api/docs",
    tag: "Documentation",
    summary: "This document as a page to read",
    description: "Public; plain HTML, no scripts.",
    access: "anyone",
    responses: { 200: { description: "The page", contentType: "text/html" } },
  },
];
