// Changing an approved absence (issue 41, decision 0093): the rules that need no database.
import { addDays, type IsoDate } from "./dates";

export const CHANGE_STATUSES = ["pending", "approved", "rejected", "withdrawn"] as const;
export type ChangeStatus = (typeof CHANGE_STATUSES)[number];

/** The dates and halves of one version of an absence. */
export interface DatedVersion {
  startDate: IsoDate;
  endDate: IsoDate;
  halfDayStart: boolean;
  halfDayEnd: boolean;
}

/**
 * The part of a version before `today`: the days already taken. Null when it has none.
 * Its end's half counts only when the version ends before today.
 */
function takenPart(version: DatedVersion, today: IsoDate) {
  if (version.startDate >= today) return null;
  const yesterday = addDays(today, -1);
  const endsBefore = version.endDate <= yesterday;
  return {
    startDate: version.startDate,
    endDate: endsBefore ? version.endDate : yesterday,
    halfDayStart: version.halfDayStart,
    halfDayEnd: endsBefore ? version.halfDayEnd : false,
  };
}

/**
 * Whether a change keeps the days already taken (issue 41: "Shortening an absence that has started
 * keeps the days already taken"): the new version's days before today are exactly the original's.
 * A change refused by this is refused, not clamped (decision 0093), so nobody's past is rewritten
 * behind their back and an API client learns why.
 */
export function keepsTakenDays(original: DatedVersion, proposed: DatedVersion, today: IsoDate): boolean {
  const before = takenPart(original, today);
  const after = takenPart(proposed, today);
  if (!before || !after) return before === after;
  return before.startDate === after.startDate && before.endDate === after.endDate && before.halfDayStart === after.halfDayStart && before.halfDayEnd === after.halfDayEnd;
}

/** Whether a proposal changes anything at all (a change to the same version is refused). */
export function changesSomething(
  original: DatedVersion & { categoryId: string; startTime?: string | null; endTime?: string | null; hoursPerDay?: number | null },
  proposed: DatedVersion & { categoryId: string; startTime?: string | null; endTime?: string | null; hoursPerDay?: number | null },
): boolean {
  return (
    original.startDate !== proposed.startDate ||
    original.endDate !== proposed.endDate ||
    original.halfDayStart !== proposed.halfDayStart ||
    original.halfDayEnd !== proposed.halfDayEnd ||
    original.categoryId !== proposed.categoryId ||
    (original.startTime ?? null) !== (proposed.startTime ?? null) ||
    (original.endTime ?? null) !== (proposed.endTime ?? null) ||
    (original.hoursPerDay ?? null) !== (proposed.hoursPerDay ?? null)
  );
}

/**
 * The days a change adds to an absence, as at most two ranges (before its old start, after its old
 * end); the whole new range when the two do not meet. Days kept were judged when first approved.
 */
export function addedRanges(original: { startDate: IsoDate; endDate: IsoDate }, proposed: { startDate: IsoDate; endDate: IsoDate }): { startDate: IsoDate; endDate: IsoDate }[] {
  if (proposed.endDate < original.startDate || proposed.startDate > original.endDate) return [{ startDate: proposed.startDate, endDate: proposed.endDate }];
  const ranges: { startDate: IsoDate; endDate: IsoDate }[] = [];
  if (proposed.startDate < original.startDate) ranges.push({ startDate: proposed.startDate, endDate: addDays(original.startDate, -1) });
  if (proposed.endDate > original.endDate) ranges.push({ startDate: addDays(original.endDate, 1), endDate: proposed.endDate });
  return ranges;
}
