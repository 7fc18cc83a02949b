// Display formatting shared by server and browser.

/** Shown where a figure is unknown (spec §2: 'a dash when unknown'). */
export const UNKNOWN_FIGURE = "—";

const formatters = new Map<string, Intl.NumberFormat>();

// Reports format several figures per user; building a formatter is far costlier than using one.
function numberFormat(locale: string, fractionDigits: number): Intl.NumberFormat {
  const key = `${locale}|${fractionDigits}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * A number of days: whole numbers without decimals ("2"), halves with one ("2.5"; "2,5" in pt
 * and es). Other fractions are rounded to one decimal. Unknown values show a dash.
 */
export function formatDays(days: number | null | undefined, locale = "pt"): string {
  if (days == null || !Number.isFinite(days)) return UNKNOWN_FIGURE;
  // Rounding first keeps 2.96 from printing as "3.0"; adding 0 turns -0 into 0 so no "-0" shows.
  const rounded = Math.round(days * 10) / 10 + 0;
  return numberFormat(locale, Number.isInteger(rounded) ? 0 : 1).format(rounded);
}
