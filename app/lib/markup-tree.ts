// A small description of markup (tag, props, children) that the browser turns into React
// elements and the server writes as a string with app/utils/markup.server.ts, the same markup
// either way: for rows rendered by the hundred, where React's server renderer cost most of a
// page (the company calendar's rows, decision 0043). Client-safe.
import { createElement, type ReactNode } from "react";

export type MarkupChild = MarkupNode | string | number | null;

export interface MarkupNode {
  tag: string;
  key?: string;
  /** As React props: className, colSpan, style, aria-*, data-*, event handlers (never written). */
  props: Record<string, unknown>;
  children: MarkupChild[];
}

export function node(tag: string, props: Record<string, unknown>, ...children: MarkupChild[]): MarkupNode {
  return { tag, props, children };
}

/** The nodes as React elements (each with its key), for the browser and interactive rows. */
export function toElements(children: readonly MarkupChild[]): ReactNode[] {
  return children.map((child) =>
    child !== null && typeof child === "object" ? createElement(child.tag, { key: child.key, ...child.props }, ...toElements(child.children)) : child,
  );
}
