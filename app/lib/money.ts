// Amounts of money as people read them. Apart from format.ts so that pages without money (My
// Calendar, at its JavaScript budget) do not carry it.
import { localeTag } from "./format";

const NBSP = "\u00a0";
const moneyFormatters = new Map<string, Intl.NumberFormat>();

/** An amount in minor units (cents) of a currency, as people of the language write it: "1,00 €", "€1.00". */
export function formatMoney(cents: number, currency: string, language: string): string {
  const key = `${language}|${currency}`;
  let formatter = moneyFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(localeTag(language), { style: "currency", currency });
    moneyFormatters.set(key, formatter);
  }
  return formatter.format(cents / 100).replace(/\s+/g, NBSP);
}
