// Where a person works decides whose bank holidays their working days skip. A code nobody's
// holidays carry would silently give the person no holidays at all, so a new one must name a
// country (and region) that holidays can exist for.
import type { Prisma } from "~/generated/prisma/client";
import { regionCodeOf } from "~/lib/holidays";
import { AppError } from "~/utils/errors.server";
import { isKnownCountry, listRegions } from "./holiday-catalogue.server";

export interface WorkPlace {
  /** ISO 3166-1 alpha-2, or null for the company's country. */
  countryCode: string | null;
  /** The subdivision without the country's prefix ("MD", not "ES-MD"), or null for none. */
  region: string | null;
}

/**
 * The place as stored, or a 400 naming the field. A country must be one the holiday catalogue
 * knows, or one the company's own holidays are for (imported for a country the catalogue lacks).
 * A region must be one of the catalogue's for that country or one the company's holidays use;
 * where the catalogue lists no regions for the country (Portugal's Madeira and Azores holidays
 * come by import), any well-formed code is taken, as there is nothing to check it against.
 */
export async function checkWorkPlace(tx: Prisma.TransactionClient, companyId: string, place: WorkPlace): Promise<WorkPlace> {
  const { countryCode } = place;
  if (countryCode !== null && !(await isKnownCountry(countryCode)) && !(await companyHasHoliday(tx, { companyId, countryCode }))) {
    throw new AppError(400, "country_invalid", "people.validation.countryUnknown", { fields: { countryCode: "people.validation.countryUnknown" } });
  }
  if (place.region === null) return { countryCode, region: null };
  const country = countryCode ?? (await tx.company.findUniqueOrThrow({ where: { id: companyId }, select: { countryCode: true } })).countryCode;
  const region = regionCodeOf(place.region, country);
  const invalid = () => new AppError(400, "region_invalid", "people.validation.regionUnknown", { fields: { region: "people.validation.regionUnknown" } });
  if (!region) throw invalid();
  const regions = await listRegions(country);
  if (regions.length && !regions.some((known) => known.code === region) && !(await companyHasHoliday(tx, { companyId, countryCode: country, region }))) {
    throw invalid();
  }
  return { countryCode, region };
}

async function companyHasHoliday(tx: Prisma.TransactionClient, where: Prisma.HolidayWhereInput): Promise<boolean> {
  return (await tx.holiday.findFirst({ where, select: { id: true } })) !== null;
}
