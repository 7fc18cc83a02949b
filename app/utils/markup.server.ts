// Markup the server writes by hand where React's renderer is too slow (month grids, decision 0043)
// must be the markup React would write, byte for byte, for the browser to hydrate it.
import type { MarkupChild } from "~/lib/markup-tree";

const ESCAPED: Record<string, string> = { '"': "&quot;", "&": "&amp;", "'": "&#x27;", "<": "&lt;", ">": "&gt;" };

/** Text or an attribute's value escaped as React escapes them (escapeTextForBrowser). */
export function escapeAsReact(text: string): string {
  return NEEDS_ESCAPING.test(text) ? text.replace(/["&'<>]/g, (char) => ESCAPED[char]) : text;
}

const NEEDS_ESCAPING = /["&'<>]/;

const ATTRIBUTE_NAMES: Record<string, string> = { className: "class", tabIndex: "tabindex", htmlFor: "for" };

/** The attribute React writes for a prop (className as class, tabIndex as tabindex). */
export function attributeNameOf(prop: string): string {
  return ATTRIBUTE_NAMES[prop] ?? prop;
}

function styleText(style: Record<string, unknown>): string {
  let text = "";
  for (const name in style) {
    const value = style[name];
    if (value === undefined || value === null || value === "") continue;
    const property = name.startsWith("--") ? name : name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
    text += `${text ? ";" : ""}${property}:${typeof value === "number" ? value : escapeAsReact(String(value).trim())}`;
  }
  return text;
}

/**
 * Nodes written as React's server renderer writes the same elements (app/lib/markup-tree.ts):
 * props in their order, undefined/null ones and event handlers left out, booleans of aria-* as
 * "true"/"false", a style object as its declarations, and `<!-- -->` between two texts in a row
 * (React's marker between adjacent text nodes). A style object may hold custom properties and
 * string values only (React adds "px" to other numbers). Tests compare the two on the screens
 * that use it.
 */
export function markupToHtml(children: readonly MarkupChild[]): string {
  let html = "";
  let lastWasText = false;
  for (const child of children) {
    if (child === null) continue;
    if (typeof child !== "object") {
      const text = String(child);
      if (text === "") continue;
      html += (lastWasText ? "<!-- -->" : "") + escapeAsReact(text);
      lastWasText = true;
      continue;
    }
    lastWasText = false;
    html += `<${child.tag}`;
    for (const name in child.props) {
      const value = child.props[name];
      if (value === undefined || value === null || typeof value === "function") continue;
      if (name === "style") {
        const text = styleText(value as Record<string, unknown>);
        if (text) html += ` style="${text}"`;
        continue;
      }
      if (typeof value === "boolean" && !name.startsWith("aria-") && !name.startsWith("data-")) {
        if (value) html += ` ${attributeNameOf(name)}=""`;
        continue;
      }
      // A number's text never needs escaping (the month's spans are thousands of them).
      html += ` ${attributeNameOf(name)}="${typeof value === "number" ? value : escapeAsReact(String(value))}"`;
    }
    html += `>${markupToHtml(child.children)}</${child.tag}>`;
  }
  return html;
}
