// The company month's loader sends each vacation as a tuple (packPeople) and the page works with
// objects again (unpackPeople): what the browser gets must be what the server had, field by field.
import { describe, expect, it } from "vitest";
import { packPeople, unpackPeople, type MonthBar, type MonthPerson } from "~/components/company-month";

function bar(id: string, flags: Partial<Pick<MonthBar, "halfDayStart" | "halfDayEnd" | "canCancel" | "canNotify">>, details: MonthBar["details"]): MonthBar {
  return { id, startDate: "2027-03-02", endDate: "2027-03-04", status: "pending", halfDayStart: false, halfDayEnd: false, canCancel: false, canNotify: false, ...flags, details };
}

const shared = { "2027-03-26": "Sexta-Feira Santa" };
const people: MonthPerson[] = [
  {
    id: "ana",
    name: "Ana",
    isViewer: true,
    holidays: shared,
    bars: [
      bar("none", {}, null),
      bar("every", { halfDayStart: true, halfDayEnd: true, canCancel: true, canNotify: true }, { description: "", categoryId: "vac", categoryName: "Férias" }),
      bar("start", { halfDayStart: true }, { description: "Dentista", categoryId: "sick", categoryName: "Doença" }),
      bar("end", { halfDayEnd: true }, null),
      bar("cancel", { canCancel: true }, null),
      bar("notify", { canNotify: true }, null),
    ],
  },
  { id: "bruno", name: "Bruno", isViewer: false, holidays: shared, bars: [] },
];

describe("a month's people as the page sends them", () => {
  it("come back as they were: every yes/no field alone and together, details or none, an empty description", () => {
    expect(unpackPeople(packPeople(people))).toEqual(people);
  });

  it("send each vacation as a tuple, with no person's id repeated in it", () => {
    const [ana] = packPeople(people);
    expect(ana.bars[1]).toStrictEqual(["every", "2027-03-02", "2027-03-04", "pending", 15, ["", "vac", "Férias"]]);
    expect(ana.bars[0]).toStrictEqual(["none", "2027-03-02", "2027-03-04", "pending", 0, null]);
    // The model's bars carry their person's id too (CalendarBar); the row already says whose they are.
    const fromModel = { ...people[1], bars: [{ ...bar("model", {}, null), userId: "bruno" }] };
    expect(packPeople([fromModel])[0].bars[0]).toStrictEqual(["model", "2027-03-02", "2027-03-04", "pending", 0, null]);
  });

  it("keep one holiday object for people of one place (sent once by turbo-stream)", () => {
    const [ana, bruno] = unpackPeople(packPeople(people));
    expect(ana.holidays).toBe(bruno.holidays);
  });
});
