import { describe, expect, it } from "vitest";
import { pageAndTotal } from "~/lib/paging";

// A list of 23 rows, read a page at a time; counts how often the total is counted.
function list(rows = 23) {
  const all = Array.from({ length: rows }, (_, i) => i);
  const calls = { count: 0 };
  const read = (offset: number, limit: number) =>
    pageAndTotal(
      { offset, limit },
      async () => all.slice(offset, offset + limit),
      async () => {
        calls.count++;
        return all.length;
      },
    );
  return { read, calls };
}

describe("pageAndTotal", () => {
  it("knows the total from a page shorter than its limit, without counting", async () => {
    const { read, calls } = list();
    expect(await read(20, 10)).toEqual({ items: [20, 21, 22], total: 23 });
    expect(await read(0, 50)).toMatchObject({ total: 23 });
    expect(calls.count).toBe(0);
  });

  it("counts when the page is full: more rows may follow", async () => {
    const { read, calls } = list();
    expect(await read(10, 10)).toEqual({ items: [10, 11, 12, 13, 14, 15, 16, 17, 18, 19], total: 23 });
    expect(await read(13, 10)).toMatchObject({ total: 23 });
    expect(calls.count).toBe(2);
  });

  it("counts for an empty page past the first (the list may be shorter than the offset)", async () => {
    const { read, calls } = list();
    expect(await read(40, 10)).toEqual({ items: [], total: 23 });
    expect(calls.count).toBe(1);
  });

  it("an empty list is empty without counting", async () => {
    const { read, calls } = list(0);
    expect(await read(0, 10)).toEqual({ items: [], total: 0 });
    expect(calls.count).toBe(0);
  });
});
