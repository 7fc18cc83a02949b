/** A four-digit year in a sane window from a query parameter, else the fallback (a typo must not show year 20260). */
export function readYear(value: string | null, fallback: number): number {
  const year = Number(value);
  return value && /^\d{4}$/.test(value) && year >= 1970 && year <= 2200 ? year : fallback;
}
