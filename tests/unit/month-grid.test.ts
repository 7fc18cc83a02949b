// My Calendar's day cells (app/components/month-grid.tsx): a weekday the person's schedule has them
// not working is shaded and named like the company calendar's (decision 0078); a holiday wins.
import { describe, expect, it } from "vitest";
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
