import { Form, Link, useSubmit } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/hooks/use-hydrated";

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;

/** Page and size from the query; anything odd falls back to the first page of the default size. */
export function readPaging(params: URLSearchParams, pageKey: string, sizeKey: string, defaultSize: number = DEFAULT_PAGE_SIZE) {
  const size = Number(params.get(sizeKey));
  const limit = (PAGE_SIZES as readonly number[]).includes(size) ? size : defaultSize;
  const page = Math.min(Math.max(Math.trunc(Number(params.get(pageKey))) || 1, 1), 100_000);
  return { limit, offset: (page - 1) * limit };
}

/** The current query with some keys replaced (null removes a key); one-shot notices are dropped. */
export function withParams(params: URLSearchParams, changes: Record<string, string | number | null>): string {
  const next = new URLSearchParams(params);
  next.delete("created");
  next.delete("new");
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === "") next.delete(key);
    else next.set(key, String(value));
  }
  const query = next.toString();
  return query ? `?${query}` : "?";
}

export interface PagerProps {
  label: string;
  total: number;
  offset: number;
  limit: number;
  count: number;
  pageKey: string;
  /** The query key of the page-size selector; none for a list of a fixed page size. */
  sizeKey?: string;
  params: URLSearchParams;
  /** The sizes offered; one or none: a fixed page size, no selector (the audit's 20). */
  sizes?: readonly number[];
}

/** Previous/next links, the 'from–to / total' counter and a page-size selector (a GET form). */
export function Pager({ label, total, offset, limit, count, pageKey, sizeKey, params, sizes = PAGE_SIZES }: PagerProps) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const submit = useSubmit();
  const page = Math.floor(offset / limit) + 1;
  const from = count ? offset + 1 : 0;
  const to = offset + count;
  const hidden = [...params.entries()].filter(([key]) => key !== sizeKey && key !== pageKey && key !== "created" && key !== "new");
  return (
    <nav className="pager" aria-label={label}>
      <p className="pager__counter" data-testid={`${pageKey}-counter`}>
        {t("absences.pager.counter", { from, to, total })}
      </p>
      <div className="pager__links">
        {page > 1 ? (
          <Link className="button button--small" to={withParams(params, { [pageKey]: page - 1 === 1 ? null : page - 1 })} preventScrollReset rel="prev">
            {t("absences.pager.previous")}
          </Link>
        ) : (
          <span className="button button--small pager__disabled" aria-disabled="true">
            {t("absences.pager.previous")}
          </span>
        )}
        {to < total ? (
          <Link className="button button--small" to={withParams(params, { [pageKey]: page + 1 })} preventScrollReset rel="next">
            {t("absences.pager.next")}
          </Link>
        ) : (
          <span className="button button--small pager__disabled" aria-disabled="true">
            {t("absences.pager.next")}
          </span>
        )}
      </div>
      {sizeKey && sizes.length > 1 ? (
        <Form method="get" className="pager__size" preventScrollReset>
          {hidden.map(([key, value]) => (
            <input key={key} type="hidden" name={key} value={value} />
          ))}
          <label>
            <span>{t("absences.pager.pageSize")}</span>{" "}
            <select
              name={sizeKey}
              defaultValue={String(limit)}
              key={limit}
              onChange={hydrated ? (event) => submit(event.currentTarget.form, { preventScrollReset: true }) : undefined}
            >
              {sizes.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </label>{" "}
          {hydrated ? null : (
            <button type="submit" className="button button--small">
              {t("absences.pager.show")}
            </button>
          )}
        </Form>
      ) : null}
    </nav>
  );
}
