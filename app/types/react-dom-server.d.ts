import "react-dom/server";
import type { ReactNode } from "react";
import type { ServerOptions } from "react-dom/server";

declare module "react-dom/server" {
  /**
   * Added by patches/react-dom+18.3.1.patch (docs/decisions/0044-pages-encoded-in-segments.md):
   * `renderToString`'s markup, cut into strings of a little over 16 K characters each. Node's
   * build only (the browser build of react-dom/server has no such export): server code only.
   */
  export function renderToStringSegments(element: ReactNode, options?: ServerOptions): string[];
}
