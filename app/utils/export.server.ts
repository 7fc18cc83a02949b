// The screens' "Export CSV" links are documents, not pages: a refusal cannot show in the screen's
// error boundary. Each export runs here instead, and a refusal answers a short page in the
// person's language with its status, what failed, why, and the way on — for a session that has
// ended, the spec's 401 text and a link to sign in again that comes back to the screen
// (docs/decisions/0024-reports-and-csv.md).
import { messageValues, type Language } from "~/i18n";
import { getOptionalViewer, type SignedInViewer } from "./auth.server";
import { AppError } from "./errors.server";
import { getLanguage, getT } from "./i18n.server";

export interface ExportContext {
  viewer: SignedInViewer;
  language: Language;
}

interface ExportOptions {
  /** The screen the export belongs to (path and query): where "back" and "sign in again" lead. */
  screen: string;
  /** What failed, as a locale key ('Falha a exportar CSV'); the reason follows it. */
  failedKey: string;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function problemPage(language: Language, status: number, lines: string[], link: { href: string; text: string }): Response {
  const t = getT(language);
  const title = t("export.problemTitle", { status });
  const body =
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(title)}</title><style>body{font:16px/1.5 system-ui,sans-serif;margin:0;padding:2rem 1rem;color:#1f2933}main{max-width:36rem;margin:0 auto}h1{font-size:1.4rem}a{color:#0b5cad}</style></head>` +
    `<body><main role="alert"><h1>${escapeHtml(title)}</h1>${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("")}` +
    `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p></main></body></html>`;
  return new Response(body, { status, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "private, no-store" } });
}

/** Runs an export for the signed-in person; any refusal becomes the short page described above. */
export async function runExport(request: Request, options: ExportOptions, build: (context: ExportContext) => Promise<Response>): Promise<Response> {
  const language = await getLanguage(request);
  const t = getT(language);
  const back = { href: options.screen, text: t("export.back") };
  const viewer = await getOptionalViewer(request);
  if (!viewer) {
    const login = `/login?${new URLSearchParams({ redirectTo: options.screen })}`;
    return problemPage(language, 401, [t("auth.notAuthenticated")], { href: login, text: t("export.signInAgain") });
  }
  try {
    return await build({ viewer, language });
  } catch (error) {
    if (!(error instanceof AppError)) {
      console.error(error);
      return problemPage(language, 500, [t(options.failedKey)], back);
    }
    return problemPage(language, error.status, [t(options.failedKey), t(error.message, messageValues(error.params))], back);
  }
}
