import { createHash } from "node:crypto";
import { resources } from "~/i18n-resources.server";
import type { Language } from "~/i18n";
import { messagesUrl } from "~/lib/document-messages";

interface Serialized {
  json: string;
  version: string;
}

const serialized = new Map<Language, Serialized>();

/** A language's messages as the browser fetches them, with a version that changes with their text. */
export function serializedMessages(language: Language): Serialized {
  let entry = serialized.get(language);
  if (!entry) {
    const json = JSON.stringify(resources[language].common);
    entry = { json, version: createHash("sha256").update(json).digest("hex").slice(0, 12) };
    serialized.set(language, entry);
  }
  return entry;
}

/** The address a page names for its language's messages. */
export function documentMessagesUrl(language: Language): string {
  return messagesUrl(language, serializedMessages(language).version);
}
