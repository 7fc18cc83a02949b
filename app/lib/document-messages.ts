// A page's messages travel as data, not code: the server writes its language's messages into a
// JSON data block of the document, and the browser reads them there before hydrating. Shipping
// every language inside the JavaScript bundle cost each first load ~12 kB gzip.

export const MESSAGES_ELEMENT_ID = "i18n-messages";

let fromDocument: string | null = null;
const serialized = new Map<string, string>();

/**
 * The data block's text. The server serialises the language's messages once per language; in
 * the browser it is the block's own text, so hydration finds the same markup.
 */
export function documentMessagesJson(i18n: { getResourceBundle(language: string, namespace: string): unknown }, language: string): string {
  if (fromDocument !== null) return fromDocument;
  let text = serialized.get(language);
  if (text === undefined) {
    // "<" escaped: the data block must not be able to close its own <script> element.
    text = JSON.stringify(i18n.getResourceBundle(language, "common") ?? {}).replace(/</g, "\\u003c");
    serialized.set(language, text);
  }
  return text;
}

/** In the browser, before hydration: the page's messages (an empty object if the block is missing). */
export function readDocumentMessages(): Record<string, unknown> {
  fromDocument = document.getElementById(MESSAGES_ELEMENT_ID)?.textContent ?? "{}";
  return JSON.parse(fromDocument) as Record<string, unknown>;
}
