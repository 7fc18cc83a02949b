/**
 * One page of a list and how many the whole list holds. The count is a second query that reads
 * every matching row; a page shorter than its limit is the list's last, so the total is known from
 * it alone (an empty page past the first says nothing: the list may have shrunk, so count then).
 */
export async function pageAndTotal<T>(
  paging: { offset: number; limit: number },
  readPage: () => Promise<T[]>,
  count: () => Promise<number>,
): Promise<{ items: T[]; total: number }> {
  const items = await readPage();
  const lastPage = items.length < paging.limit && (items.length > 0 || paging.offset === 0);
  return { items, total: lastPage ? paging.offset + items.length : await count() };
}
