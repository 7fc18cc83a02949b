// The holidays a person sees in a year, with names, for calendars and lists. (Counting working
// days uses the faster index in working-days.ts; both apply the same country/region rules.)
import { isIsoDate, isoDate, type IsoDate } from "./dates";
import { normalizeCode, type HolidayPerson, type HolidayRow } from "./working-days";

export interface DatedHoliday {
  date: IsoDate;
  name: string;
}


export function holidaysInYear(
  rows: readonly (HolidayRow & { name: string })[],
  person: HolidayPerson,
  companyCountryCode: string,
  year: number,
): DatedHoliday[] {
  const country = normalizeCode(person.countryCode) ?? normalizeCode(companyCountryCode);
  const region = normalizeCode(person.region);
  const result = new Map<IsoDate, string>();
  for (const row of rows) {
    if (normalizeCode(row.countryCode) !== country || !isIsoDate(row.date)) continue;
    const rowRegion = normalizeCode(row.region);
    if (rowRegion && rowRegion !== region) continue;
    let date: IsoDate | null = row.date;
    if (row.isRecurring) {
      const [, month, day] = row.date.split("-").map(Number);
      date = isoDate(year, month, day);
      // A recurring 29 February exists only in leap years (isoDate would roll it to 1 March).
      if (date.slice(5) !== row.date.slice(5)) date = null;
    } else if (Number(row.date.slice(0, 4)) !== year) {
      date = null;
    }
    if (date && !result.has(date)) result.set(date, row.name);
  }
  return [...result].map(([date, name]) => ({ date, name })).sort((a, b) => a.date.localeCompare(b.date));
}
