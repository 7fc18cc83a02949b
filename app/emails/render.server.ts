// E-mails are plain text plus a minimal HTML twin, written in the recipient's language.
import type { TFunction } from "i18next";
import type { Language } from "~/i18n";
import { asOneLine } from "~/lib/text-input";
import { getT } from "~/utils/i18n.server";

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  language: Language;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

// What a person wrote (a name, a description) is set apart from the mail's own words, whatever the
// row holds (rows written before app/lib/text-input.ts refused line breaks included): a name on one
// line and in quotes, a description's lines each behind "> ". So no user text can start a line of
// its own that reads as the product's ("Approve: http://…"), nor reorder the text after it.

/** A name in a sentence of the mail (the person greeted by name gets it on one line, unquoted). */
export function quoted(value: string): string {
  return `“${asOneLine(value)}”`;
}

/** Multi-line text a person wrote, as lines of a quotation: `> ` before each. */
export function quotedLines(value: string): string[] {
  return value.split(/\r\n|[\n\r\u2028\u2029]/).map((line) => `> ${asOneLine(line)}`.trimEnd());
}

/** One call-to-action mail: greeting, paragraphs, a button with its link, a closing note. */
export function renderActionMail(
  language: Language,
  build: (t: TFunction) => { subject: string; greeting: string; paragraphs: string[]; action: string; link: string; footer: string },
): RenderedMail {
  const t = getT(language);
  const mail = build(t);
  const text = [mail.greeting, "", ...mail.paragraphs.flatMap((p) => [p, ""]), `${mail.action}: ${mail.link}`, "", mail.footer].join("\n");
  const html = `<!doctype html><html lang="${language}"><body style="font-family:system-ui,sans-serif;color:#1d2430;line-height:1.5">
<p>${escapeHtml(mail.greeting)}</p>
${mail.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}
<p><a href="${escapeHtml(mail.link)}" style="display:inline-block;background:#0f766e;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">${escapeHtml(mail.action)}</a></p>
<p style="font-size:13px;color:#5b6575">${escapeHtml(mail.link)}</p>
<p style="font-size:13px;color:#5b6575">${escapeHtml(mail.footer)}</p>
</body></html>`;
  return { subject: mail.subject, text, html, language };
}
