// My Calendar's day cells (app/components/month-grid.tsx): a weekday the person's schedule has them
// not working is shaded and named like the company calendar's (decision 0078); a holiday wins.
import { describe, expect, it } from "vitest";
import { lockReasonOn } from "~/lib/locked-days";
import {
  dayAttributes,
  monthLayout,
  type DayNotes,
  type GridDay,
  type MonthGridProps,
} from "~/components/month-grid";

const notes: DayNotes = {
  approved: "Aprovado",
  pending: "Pendente",
  rejected: "Rejeitado",
  weekend: "Fim de semana",
  notWorking: "Não trabalha",
  today: "Hoje",
  holiday: (name) => `Feriado: ${name}`,
  locked: (reason) => `Bloqueado: ${reason}`,
};

function cell(date: string): GridDay {
  const found = monthLayout(2026, 12, "pt")
    .weeks.flat()
    .find((day) => day?.date === date);
  if (!found) throw new Error(date);
  return found;
}

const props = (extra: Partial<MonthGridProps> = {}): MonthGridProps => ({
  year: 2026,
  month: 12,
  today: "2026-12-01",
  statuses: new Map(),
  holidays: new Map([["2026-12-25", "Natal"]]),
  offDays: new Set(["2026-12-04", "2026-12-25"]),
  selection: null,
  focusDate: null,
  interactive: false,
  notes,
  ...extra,
});

describe("a day the person does not work", () => {
  it("is shaded as off and named 'Não trabalha'", () => {
    const attributes = dayAttributes(cell("2026-12-04"), props(), notes);
    expect(attributes["data-status"]).toBe("off");
    expect(attributes["aria-label"]).toMatch(
      /4 de dezembro de 2026 · Não trabalha$/
    );
  });

  it("gives way to a holiday and to a request, and a worked day stays plain", () => {
    expect(dayAttributes(cell("2026-12-25"), props(), notes)).toMatchObject({
      "data-status": "holiday",
      "aria-label": expect.not.stringContaining("Não trabalha"),
    });
    expect(
      dayAttributes(
        cell("2026-12-04"),
        props({ statuses: new Map([["2026-12-04", "approved"]]) }),
        notes
      )["data-status"]
    ).toBe("approved");
    expect(dayAttributes(cell("2026-12-03"), props(), notes)).toMatchObject({
      "data-status": undefined,
      "aria-label": undefined,
    });
  });
});

describe("a locked day (decision 0091)", () => {
  const locked = [{ startDate: "2026-12-03", endDate: "2026-12-04", reason: "Inventário" }];

  it("carries the mark's class and names the reason, on a plain day and beside a status", () => {
    const plain = dayAttributes(cell("2026-12-03"), props({ locked }), notes);
    expect(plain.className).toBe("month-grid__day--locked");
    expect(plain["data-status"]).toBeUndefined();
    expect(plain["aria-label"]).toMatch(/3 de dezembro de 2026 · Bloqueado: Inventário$/);
    expect(plain.title).toBe(plain["aria-label"]);
    const approved = dayAttributes(cell("2026-12-04"), props({ locked, statuses: new Map([["2026-12-04", "approved"]]) }), notes);
    expect(approved["data-status"]).toBe("approved");
    expect(approved["aria-label"]).toMatch(/Aprovado · Bloqueado: Inventário · Não trabalha$/);
    // The day after the lock is plain again: no class, no name.
    expect(dayAttributes(cell("2026-12-02"), props({ locked }), notes)).toMatchObject({ className: undefined, "aria-label": undefined });
  });
});

describe("lockReasonOn", () => {
  const locks = [
    { startDate: "2026-11-29", endDate: "2026-12-02", reason: "Fecho" },
    { startDate: "2026-12-02", endDate: "2026-12-03", reason: "Inventário" },
  ];

  it("names the lock covering a day, both ends included, and every lock where they overlap", () => {
    expect(lockReasonOn(locks, "2026-11-29")).toBe("Fecho");
    expect(lockReasonOn(locks, "2026-12-02")).toBe("Fecho; Inventário");
    expect(lockReasonOn(locks, "2026-12-03")).toBe("Inventário");
  });

  it("says nothing of a day no lock covers, or of no locks", () => {
    expect(lockReasonOn(locks, "2026-11-28")).toBeUndefined();
    expect(lockReasonOn(locks, "2026-12-04")).toBeUndefined();
    expect(lockReasonOn(undefined, "2026-12-02")).toBeUndefined();
    expect(lockReasonOn([], "2026-12-02")).toBeUndefined();
  });
});
