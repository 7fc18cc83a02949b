// Markup the server writes by hand where React's renderer is too slow (month grids, decision 0043)
// must be the markup React would write, byte for byte, for the browser to hydrate it.

const ESCAPED: Record<string, string> = { '"': "&quot;", "&": "&amp;", "'": "&#x27;", "<": "&lt;", ">": "&gt;" };

/** Text or an attribute's value escaped as React escapes them (escapeTextForBrowser). */
export function escapeAsReact(text: string): string {
  return NEEDS_ESCAPING.test(text) ? text.replace(/["&'<>]/g, (char) => ESCAPED[char]) : text;
}

const NEEDS_ESCAPING = /["&'<>]/;
