// Paths written as OpenAPI templates (/api/users/{id}/export), matched as Remix matches its routes:
// letters in any case, an optional trailing slash, each parameter one decoded segment, and the
// template with more fixed segments first (/api/users/me before /api/users/{id}).

export interface TemplateMatch<T> {
  template: string;
  value: T;
  params: Record<string, string>;
}

export function pathTemplateMatcher<T>(entries: Iterable<readonly [string, T]>): (pathname: string) => TemplateMatch<T> | null {
  const compiled = [...entries]
    .map(([template, value]) => {
      const names = [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      const source = template.replace(/[.]/g, "\\.").replace(/\{\w+\}/g, "([^/]+)");
      const fixed = template.split("/").filter((part) => part && !part.startsWith("{")).length;
      return { template, value, names, pattern: new RegExp(`^${source}/?$`, "i"), fixed };
    })
    .sort((a, b) => b.fixed - a.fixed);
  return (pathname) => {
    for (const entry of compiled) {
      const match = entry.pattern.exec(pathname);
      if (match) return { template: entry.template, value: entry.value, params: Object.fromEntries(entry.names.map((name, i) => [name, decodeSegment(match[i + 1])])) };
    }
    return null;
  };
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    // A malformed escape is kept as sent, as Remix does; the handler's validation answers it.
    return segment;
  }
}
