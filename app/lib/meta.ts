import type { MetaArgs } from "@remix-run/node";
import i18next from "i18next";
import { DEFAULT_LANGUAGE, isLanguage } from "~/i18n";

/**
 * A translated document title for a meta function (hooks are not available there). It reads
 * i18next's default instance: the server's holds every language (utils/i18n.server.ts), the
 * browser's the page's own (entry.client.tsx).
 */
export function pageTitle(matches: MetaArgs["matches"], key: string): { title: string }[] {
  const root = matches.find((match) => match.id === "root")?.data as { language?: string } | undefined;
  const language = isLanguage(root?.language) ? root.language : DEFAULT_LANGUAGE;
  const t = i18next.getFixedT(language, "common");
  return [{ title: `${t(key)} · ${t("app.name")}` }];
}
