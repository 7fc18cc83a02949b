import type { MetaArgs } from "@remix-run/node";
import { DEFAULT_LANGUAGE, isLanguage } from "~/i18n";

type TitleTranslator = (language: string, key: string) => string;

// Meta functions run outside React (no hooks): the server (utils/i18n.server.ts) and the browser
// (entry.client.tsx) each hand titles their translator.
let translate: TitleTranslator = (_language, key) => key;

export function setTitleTranslator(translator: TitleTranslator) {
  translate = translator;
}

/** A translated document title for a meta function. */
export function pageTitle(matches: MetaArgs["matches"], key: string): { title: string }[] {
  const root = matches.find((match) => match.id === "root")?.data as { language?: string } | undefined;
  const language = isLanguage(root?.language) ? root.language : DEFAULT_LANGUAGE;
  return [{ title: `${translate(language, key)} · ${translate(language, "app.name")}` }];
}
