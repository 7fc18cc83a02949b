// The sample company the public landing page draws its calendar preview from: two weeks from this
// week's Monday, so the picture always shows the current dates instead of going stale as a
// screenshot would. Pure data; the page renders it with the real company calendar table.
import type { MonthPerson } from "~/components/company-month";
import { addDays, type IsoDate } from "./dates";

export const PREVIEW_DAYS = 14;

/** A sample absence: its days as offsets from the preview's first Monday. */
interface SampleAbsence {
  from: number;
  to: number;
  status: "approved" | "pending";
  /** Key under publicSite.preview.absences; null: the viewer may not see why (shown as 'Absent'). */
  description: string | null;
  categoryId: string;
}

const SAMPLE: { name: string; absences: SampleAbsence[] }[] = [
  { name: "Ana S.", absences: [{ from: 0, to: 4, status: "approved", description: "summer", categoryId: "yearly_allowance" }] },
  { name: "Bruno M.", absences: [{ from: 8, to: 10, status: "pending", description: "wedding", categoryId: "yearly_allowance" }] },
  {
    name: "Carla O.",
    absences: [
      { from: 3, to: 3, status: "approved", description: "dentist", categoryId: "sick_leave" },
      { from: 9, to: 11, status: "approved", description: "training", categoryId: "training" },
    ],
  },
  { name: "Diogo S.", absences: [{ from: 7, to: 11, status: "approved", description: null, categoryId: "yearly_allowance" }] },
  { name: "Elisa S.", absences: [{ from: 1, to: 1, status: "pending", description: "moving", categoryId: "yearly_allowance" }] },
  { name: "Fábio C.", absences: [] },
];

/**
 * The preview's days, from `first` (a Monday), and people; `describe` names a sample absence in the
 * page's language.
 */
export function landingPreview(first: IsoDate, describe: (key: string) => string): { days: IsoDate[]; people: MonthPerson[] } {
  const days = Array.from({ length: PREVIEW_DAYS }, (_, index) => addDays(first, index));
  const people = SAMPLE.map(({ name, absences }, index): MonthPerson => ({
    id: `sample-${index}`,
    name,
    isViewer: false,
    holidays: {},
    bars: absences.map((absence, n) => ({
      id: `sample-${index}-${n}`,
      startDate: days[absence.from],
      endDate: days[absence.to],
      status: absence.status,
      halfDayStart: false,
      halfDayEnd: false,
      details: absence.description === null ? null : { description: describe(absence.description), categoryId: absence.categoryId, categoryName: "" },
      canCancel: false,
      canNotify: false,
    })),
  }));
  return { days, people };
}
