// The Bank holidays page's data and form actions. The list's filters and the catalogue's preview
// are GET state (the URL); creating, deleting, importing and loading are POSTs with an intent.
import { data } from "@remix-run/node";
import { yearOf, todayIn } from "~/lib/dates";
import { formatDate, localeTag } from "~/lib/format";
import { csvFromForm } from "~/lib/holiday-csv";
import { readHolidayFilters, twoDigits } from "~/lib/holiday-filters";
import { parseHolidayForm } from "~/lib/holiday-form";
import { countryCodeOf, HOLIDAY_PAGE_SIZE, regionCodeOf } from "~/lib/holidays";
import { holidaysInLanguage, listCountries, listRegions } from "~/models/holiday-catalogue.server";
import {
  companyCountry,
  createHoliday,
  deleteHoliday,
  getHoliday,
  importHolidayCsv,
  listHolidays,
  loadOfficialHolidays,
  previewOfficialHolidays,
  type HolidayPlan,
  type HolidayRow,
} from "~/models/holiday.server";
import type { SignedInViewer } from "~/utils/auth.server";
import { confirmationStep, needsConfirmation } from "~/utils/confirmation.server";
import { getDb } from "~/utils/db.server";
import { AppError, forbidden } from "~/utils/errors.server";
import { noticeOf, type ActionReply } from "~/utils/form-errors.server";
import { canManageHolidays } from "~/utils/permissions.server";

/** How many rows of each list a preview or an import result shows (the counts are always whole). */
export const SHOWN_ROWS = 100;

const FILTER_FIELDS = { countryCode: "country", year: "year", month: "month", q: "q" } as const;

function pageOf(params: URLSearchParams) {
  const page = Math.min(Math.max(Math.trunc(Number(params.get("page"))) || 1, 1), 100_000);
  return { offset: (page - 1) * HOLIDAY_PAGE_SIZE, limit: HOLIDAY_PAGE_SIZE };
}

/** Names of the countries and regions on the page, in the page's language. */
async function placeNames(rows: readonly HolidayRow[], language: string) {
  const countries = new Intl.DisplayNames([localeTag(language)], { type: "region" });
  const countryNames: Record<string, string> = {};
  const regionNames: Record<string, string> = {};
  for (const code of new Set(rows.map((row) => row.countryCode))) {
    try {
      countryNames[code] = countries.of(code) ?? code;
    } catch {
      countryNames[code] = code;
    }
  }
  for (const country of new Set(rows.filter((row) => row.region).map((row) => row.countryCode))) {
    for (const region of await listRegions(country)) regionNames[`${country}-${region.code}`] = region.name;
  }
  return { countryNames, regionNames };
}

export type PlanView = ReturnType<typeof planView>;

/** A plan as the page shows it: the first rows of each list, the whole counts. */
function planView(plan: HolidayPlan) {
  const row = ({ line, date, name, countryCode, region, isRecurring }: HolidayPlan["create"][number]) => ({ line: line ?? null, date, name, countryCode, region, isRecurring });
  return {
    create: plan.create.slice(0, SHOWN_ROWS).map(row),
    skip: plan.skip.slice(0, SHOWN_ROWS).map((s) => ({ ...row(s), reason: s.reason })),
    errors: plan.errors.slice(0, SHOWN_ROWS),
    counts: { created: plan.create.length, skipped: plan.skip.length, errors: plan.errors.length },
  };
}

async function loadCatalogue(viewer: SignedInViewer, params: URLSearchParams, language: string, country: string, year: number) {
  const chosenCountry = countryCodeOf(params.get("load_country")) ?? country;
  const regions = await listRegions(chosenCountry);
  const givenRegion = params.get("load_region")?.trim() ?? "";
  const region = givenRegion ? regionCodeOf(givenRegion, chosenCountry) : null;
  const givenYear = params.get("load_year")?.trim() ?? "";
  const chosenYear = /^\d{4}$/.test(givenYear) ? Number(givenYear) : year;
  let preview: PlanView | null = null;
  let errors: Record<string, string> = {};
  if (params.get("load") === "preview" && givenRegion && !region) {
    errors = { load_region: "holidays.catalogue.regionUnknown" };
  } else if (params.get("load") === "preview") {
    try {
      preview = planView(await previewOfficialHolidays(viewer, { countryCode: chosenCountry, region, year: /^\d{4}$/.test(givenYear) ? chosenYear : Number.NaN }));
    } catch (error) {
      if (!(error instanceof AppError) || error.status !== 400) throw error;
      const names: Record<string, string> = { countryCode: "load_country", region: "load_region", year: "load_year" };
      errors = Object.fromEntries(Object.entries(error.fields).map(([field, key]) => [names[field] ?? "load_country", key]));
      if (!Object.keys(errors).length) errors = { load_country: error.message };
    }
  }
  const countries = await listCountries(language);
  const regionName = regions.find((r) => r.code === region)?.name;
  const countryName = countries.find((c) => c.code === chosenCountry)?.name ?? chosenCountry;
  return {
    countries,
    country: chosenCountry,
    regions,
    region: region ?? givenRegion,
    year: givenYear || String(chosenYear),
    place: regionName ? `${regionName} (${countryName})` : countryName,
    errors,
    preview,
  };
}

export async function loadHolidaysPage(viewer: SignedInViewer, url: URL, language: string) {
  const params = url.searchParams;
  const today = todayIn(viewer.timeZone);
  const canManage = canManageHolidays(viewer);
  const country = await companyCountry(viewer);
  const { filters, invalid } = readHolidayFilters(params, ["countryCode", "year", "month", "q"]);
  // The list opens on this year's holidays; an emptied year field (`year=`) shows every year.
  if (!params.has("year")) filters.year = yearOf(today);
  const paging = pageOf(params);
  let list = null;
  try {
    const page = await listHolidays(viewer, filters, paging);
    const { countryNames, regionNames } = await placeNames(page.items, language);
    list = {
      rows: (await holidaysInLanguage(page.items, language)).map((h) => ({
        ...h,
        countryName: countryNames[h.countryCode] ?? h.countryCode,
        regionName: h.region ? (regionNames[`${h.countryCode}-${h.region}`] ?? null) : null,
      })),
      total: page.total,
      offset: page.offset,
      limit: page.limit,
    };
  } catch (error) {
    // The rest of the page (filters, forms) stays usable; the list says it failed.
    console.error(error);
  }
  const filterValue = (key: keyof typeof FILTER_FIELDS) => (invalid[FILTER_FIELDS[key]] !== undefined ? (params.get(FILTER_FIELDS[key]) ?? "") : "");
  const hasAny = list && list.total > 0 ? true : (await getDb().holiday.count({ where: { companyId: viewer.companyId } })) > 0;
  return {
    canManage,
    companyCountry: country,
    filters: {
      country: filters.countryCode ?? filterValue("countryCode"),
      year: filters.year ? String(filters.year) : filterValue("year"),
      month: filters.month ? twoDigits(filters.month) : filterValue("month"),
      q: filters.q ?? filterValue("q"),
    },
    filterErrors: invalid,
    filtered: Object.keys(filters).length > 0,
    list,
    hasAny,
    catalogue: canManage ? await loadCatalogue(viewer, params, language, country, yearOf(today)) : null,
  };
}

export type HolidaysReply = ActionReply & {
  /** Which form answered, so the page shows the answer in that form's card. */
  intent?: string;
  /** A CSV preview (dry run) or import result. */
  csv?: PlanView & { dryRun: boolean; text: string | null };
};

function refused(intent: string, error: unknown, key: string) {
  if (!(error instanceof AppError)) throw error;
  return data<HolidaysReply>({ intent, notice: noticeOf(error, key) }, { status: error.status });
}

const success = (intent: string, key: string, values: Record<string, string> = {}, detail?: string) =>
  data<HolidaysReply>({ intent, notice: { tone: "success", key, values, ...(detail ? { detail } : {}) } });

/** The CSV's text, or the form's refusal (no file, too large). */
async function csvText(formData: FormData): Promise<string> {
  const upload = await csvFromForm(formData);
  if (!upload.ok) throw new AppError(upload.status, "csv_upload", upload.key, { params: upload.params });
  return upload.text;
}

const text = (formData: FormData, name: string) => {
  const value = formData.get(name);
  return typeof value === "string" ? value : "";
};

/** The spec's failure line of each form (section 8). */
const FAILURE_LINES: Record<string, string> = {
  create: "holidays.createFailed",
  delete: "holidays.deleteFailed",
  import: "holidays.importFailed",
  catalogue: "holidays.importFailed",
};

/** Answers a form of the page; dates in notices are written in the page's language. */
export async function holidaysAction(viewer: SignedInViewer, formData: FormData, language: string) {
  const intent = text(formData, "intent");
  const failed = FAILURE_LINES[intent];
  if (!failed) throw new AppError(400, "unknown_intent", "errors.invalidBody");
  // Every form here writes: anyone but a company admin is refused before its fields are looked at.
  if (!canManageHolidays(viewer)) return refused(intent, forbidden(), failed);
  switch (intent) {
    case "create": {
      const submission = parseHolidayForm(formData, await companyCountry(viewer));
      if (submission.status !== "success") return data<HolidaysReply>({ intent, result: submission.reply() }, { status: 400 });
      try {
        const holiday = await createHoliday(viewer, submission.value);
        return data<HolidaysReply>({
          intent,
          result: submission.reply({ resetForm: true }),
          notice: { tone: "success", key: "holidays.notices.created", values: { name: holiday.name, date: formatDate(holiday.date, language) } },
        });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const fieldErrors = Object.fromEntries(Object.entries(error.fields).map(([field, key]) => [field, [key]]));
        return data<HolidaysReply>({ intent, result: submission.reply({ fieldErrors }), values: error.params, notice: noticeOf(error, "holidays.createFailed") }, { status: error.status });
      }
    }
    case "delete": {
      try {
        const holiday = await getHoliday(viewer, text(formData, "id").slice(0, 64));
        if (needsConfirmation(formData)) return confirmationStep(formData);
        await deleteHoliday(viewer, holiday.id);
        return success(intent, "holidays.notices.deleted", { name: holiday.name, date: formatDate(holiday.date, language) });
      } catch (error) {
        return refused(intent, error, "holidays.deleteFailed");
      }
    }
    case "import": {
      try {
        const dryRun = text(formData, "mode") !== "import";
        const csv = await csvText(formData);
        const plan = planView(await importHolidayCsv(viewer, csv, { dryRun }));
        // The preview carries the file's text, so importing it needs no second upload.
        return data<HolidaysReply>({ intent, csv: { ...plan, dryRun, text: dryRun && plan.counts.created > 0 ? csv : null } });
      } catch (error) {
        return refused(intent, error, "holidays.importFailed");
      }
    }
    case "catalogue": {
      try {
        const countryCode = countryCodeOf(formData.get("load_country")) ?? "";
        const givenRegion = text(formData, "load_region").trim();
        const region = givenRegion ? regionCodeOf(givenRegion, countryCode) : null;
        if (givenRegion && !region) throw new AppError(400, "validation_failed", "holidays.catalogue.regionUnknown");
        const year = /^\d{4}$/.test(text(formData, "load_year").trim()) ? Number(text(formData, "load_year").trim()) : Number.NaN;
        const plan = await loadOfficialHolidays(viewer, { countryCode, region, year });
        return success(intent, "holidays.catalogue.loaded", { created: String(plan.create.length), skipped: String(plan.skip.length), errors: "0" }, "holidays.csv.summary");
      } catch (error) {
        return refused(intent, error, "holidays.importFailed");
      }
    }
    default:
      throw new AppError(400, "unknown_intent", "errors.invalidBody");
  }
}
