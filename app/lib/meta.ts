import type { MetaArgs } from "@remix-run/node";
import { DEFAULT_LANGUAGE, isLanguage, resources } from "~/i18n";

/** A translated document title for a meta function (hooks are not available there). */
export function pageTitle(matches: MetaArgs["matches"], key: string): { title: string }[] {
  const root = matches.find((match) => match.id === "root")?.data as { language?: string } | undefined;
  const language = isLanguage(root?.language) ? root.language : DEFAULT_LANGUAGE;
  const lookup = (lang: keyof typeof resources) =>
    key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], resources[lang].common);
  const text = lookup(language) ?? lookup(DEFAULT_LANGUAGE) ?? key;
  const app = resources[language].common.app.name;
  return [{ title: `${String(text)} · ${app}` }];
}
