// Where to send a person after signing in or changing language: only a path of this app. The one
// place that decides it (docs/decisions/0012-input-limits.md).

// Browsers drop tabs and line breaks inside URLs ("/\t/evil.example" becomes "//evil.example",
// another host) and read "\" as "/"; a line break in a header value also makes Node refuse to
// send the answer. Any such character refuses the whole candidate.
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARACTER = /[\u0000-\u001f\u007f-\u009f\\]/;

// Resolved against an origin no request can have: the candidate is kept only when it stays there.
const PROBE_ORIGIN = "http://redirect-check.invalid";

/**
 * A same-origin path (with its query and fragment) for a redirect, or the fallback. The answer is
 * the URL parser's serialisation, so it is plain ASCII that a Location header always accepts.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/my-calendar"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || UNSAFE_CHARACTER.test(to)) return fallback;
  let url: URL;
  try {
    url = new URL(to, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  // "/..//evil.example" resolves to the path "//evil.example", which a browser would read as a host.
  if (url.origin !== PROBE_ORIGIN || url.pathname.startsWith("//")) return fallback;
  return url.pathname + url.search + url.hash;
}
