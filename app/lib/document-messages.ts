// A page's messages travel as a file of their own, not inside every page: the document names the
// language's messages by an address that changes with their content (`/locales/pt?v=<hash>`), the
// browser fetches them once and keeps them for a year, and hydrates when they arrive. Written into
// each page they made every document ~66 kB heavier (gzip work on every request, and a download
// on every visit); shipped inside the JavaScript they cost each first load ~12 kB gzip of code.

/**
 * The <link rel="prefetch"> element that names the messages' address. Prefetch, not preload: a
 * preload is fetched at high priority beside the page's stylesheets and delayed its first paint
 * on a slow phone (Lighthouse mobile, FCP 2.9 → 1.3 s on My Calendar); a prefetch waits until the
 * page's own requests are done, and the fetch below then finds it in the browser's cache.
 */
export const MESSAGES_ELEMENT_ID = "i18n-messages";

/** The versioned address of a language's messages (the route `locales.$lng`). */
export function messagesUrl(language: string, version: string): string {
  return `/locales/${language}?v=${version}`;
}

/**
 * In the browser, before hydration: the page's messages, fetched from the address its prefetch
 * link names (already on its way, or in the browser's cache). Null when they cannot be had: the
 * page then stays as the server rendered it, which works without JavaScript.
 */
export async function loadDocumentMessages(): Promise<Record<string, unknown> | null> {
  const link = document.getElementById(MESSAGES_ELEMENT_ID);
  const href = link?.getAttribute("href");
  if (!href) return null;
  try {
    const response = await fetch(href);
    return response.ok ? ((await response.json()) as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
