// HTTP validation for responses a client asks for again and again (the pending-approvals poll):
// when the client's copy is still current, a 304 without a body instead of the answer.

/** Does the request's If-None-Match name this ETag? (Weak comparison, as RFC 9110 asks for GET.) */
export function etagMatches(request: Request, etag: string): boolean {
  const header = request.headers.get("If-None-Match");
  if (!header) return false;
  if (header.trim() === "*") return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => opaque(tag) === opaque(etag));
}

/** The browser keeps the answer (private) but asks again every time (no-cache) with If-None-Match. */
export function revalidateHeaders(etag: string): HeadersInit {
  return { ETag: etag, "Cache-Control": "private, no-cache" };
}

export function notModified(etag: string): Response {
  return new Response(null, { status: 304, headers: revalidateHeaders(etag) });
}
