// Many companies at once on PostgreSQL, in bulk SQL (issue 44): each table filled by a few
// INSERT … SELECT over generate_series, so 2,000 companies of 25 people and 750,000 absences take
// minutes, not the hours the model calls would. PostgreSQL only; used by the bench's many-tenant
// set (BENCH_TENANTS) and by the PostgreSQL query-plan test. Ends with ANALYZE, so the planner
// sees the tables as they are now (autovacuum would take its time).
import pg from "pg";
import { DEFAULT_CATEGORIES } from "~/lib/absence-categories";
import { nationalHolidays } from "~/models/holiday-catalogue.server";

export interface TenantsSpec {
  companies: number;
  /** People per company, in teams of five (the first of each team its admin; the first two admins). */
  people: number;
  /** Absences per person, in `year` (mixed statuses), as the bench's own companies have. */
  absencesPerPerson: number;
  year: number;
  /** Each company keeps these countries' public holidays for the year before, the year and the next. */
  countries: string[];
  /** Every person's password hash (null: nobody of these companies signs in). */
  passwordHash?: string | null;
  /** Companies per statement (each statement's rows in one go; progress between them). */
  batch?: number;
  /** Ids and e-mails start with this, so two sets in one database stay apart. */
  prefix?: string;
  onProgress?: (done: number) => void;
}

const TEAM_SIZE = 5;

/** Fills `url`'s database with `spec.companies` companies; returns their ids' prefix. */
export async function seedTenants(url: string, spec: TenantsSpec): Promise<{ prefix: string; absences: number }> {
  const prefix = spec.prefix ?? "tenant";
  const batch = spec.batch ?? 250;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const holidays: { date: string; name: string; country: string }[] = [];
    for (const country of spec.countries) {
      for (const year of [spec.year - 1, spec.year, spec.year + 1]) {
        for (const holiday of await nationalHolidays(country, year)) holidays.push({ ...holiday, country });
      }
    }
    const categories = DEFAULT_CATEGORIES.map((category) => ({
      id: category.id,
      name: category.name,
      color: category.color,
      balance: category.balance,
      sortOrder: category.sortOrder,
      reported: "reported" in category ? category.reported : false,
      requiresApproval: "requiresApproval" in category ? category.requiresApproval : true,
      documentRequired: "documentRequired" in category ? category.documentRequired : false,
    }));
    // Company c (1-based) of the set: "<prefix>-c"; its person p (0-based): "<prefix>-c-p".
    const company = `'${prefix}-' || c`;
    const person = `${company} || '-' || p`;
    for (let from = 1; from <= spec.companies; from += batch) {
      const to = Math.min(spec.companies, from + batch - 1);
      const companies = `generate_series(${from}, ${to}) AS c`;
      const people = `${companies} CROSS JOIN generate_series(0, ${spec.people - 1}) AS p`;
      await client.query("BEGIN");
      await client.query(
        `INSERT INTO "Company" ("id", "name", "countryCode") SELECT ${company}, 'Tenant ' || c, ($1::text[])[1 + c % cardinality($1::text[])] FROM ${companies}`,
        [spec.countries],
      );
      await client.query(
        `INSERT INTO "AbsenceCategory" ("companyId", "id", "name", "color", "balance", "sortOrder", "reported", "requiresApproval", "documentRequired")
         SELECT ${company}, k."id", k."name", k."color", k."balance", k."sortOrder", k."reported", k."requiresApproval", k."documentRequired"
         FROM ${companies} CROSS JOIN jsonb_to_recordset($1::jsonb) AS k("id" text, "name" text, "color" text, "balance" text, "sortOrder" int, "reported" boolean, "requiresApproval" boolean, "documentRequired" boolean)`,
        [JSON.stringify(categories)],
      );
      await client.query(
        `INSERT INTO "Holiday" ("id", "companyId", "date", "name", "countryCode", "isRecurring")
         SELECT ${company} || '-h' || h.n, ${company}, h."date", h."name", h."country", false
         FROM ${companies} CROSS JOIN unnest($1::text[], $2::text[], $3::text[]) WITH ORDINALITY AS h("date", "name", "country", n)`,
        [holidays.map((h) => h.date), holidays.map((h) => h.name), holidays.map((h) => h.country)],
      );
      await client.query(
        `INSERT INTO "Team" ("id", "companyId", "name") SELECT ${company} || '-t' || t, ${company}, 'Team ' || (t + 1)
         FROM ${companies} CROSS JOIN generate_series(0, ${Math.ceil(spec.people / TEAM_SIZE) - 1}) AS t`,
      );
      await client.query(
        `INSERT INTO "User" ("id", "companyId", "email", "fullName", "passwordHash", "role", "teamId", "countryCode", "emailVerifiedAt", "updatedAt")
         SELECT ${person}, ${company}, ${person} || '@tenants.test', 'Person ' || p, $1, CASE WHEN p < 2 THEN 'admin' ELSE 'user' END,
           ${company} || '-t' || (p / ${TEAM_SIZE}), ($2::text[])[1 + c % cardinality($2::text[])], now(), now()
         FROM ${people}`,
        [spec.passwordHash ?? null, spec.countries],
      );
      await client.query(`INSERT INTO "TeamAdmin" ("teamId", "userId") SELECT ${company} || '-t' || (p / ${TEAM_SIZE}), ${person} FROM ${people} WHERE p % ${TEAM_SIZE} = 0`);
      // Everyone signed in on one device (a session a month long, as a sign-in leaves).
      await client.query(`INSERT INTO "Session" ("id", "userId", "expiresAt") SELECT ${person} || '-s', ${person}, now() + interval '30 days' FROM ${people}`);
      await client.query(`INSERT INTO "Allowance" ("id", "companyId", "userId", "year", "yearly", "residual", "updatedAt") SELECT ${person} || '-a', ${company}, ${person}, ${spec.year}, 22, 3, now() FROM ${people}`);
      // The bench's own spread (bench/run.ts seedCompany): absence k of person i starts on day
      // k·24 + i mod 11 of the year and lasts 1 to 4 days; statuses in turn. Every fifth person's
      // last absence is a sickness, with its certificate. All asked for just now (a second apart),
      // as the bench's own: pending requests days old would be the auto-approval job's to decide.
      const last = spec.absencesPerPerson - 1;
      const sick = `(k = ${last} AND p % ${TEAM_SIZE} = 3)`;
      await client.query(
        `INSERT INTO "Vacation" ("id", "companyId", "userId", "categoryId", "startDate", "endDate", "status", "createdAt", "updatedAt")
         SELECT ${person} || '-v' || k, ${company}, ${person}, CASE WHEN ${sick} THEN 'sick_leave' ELSE 'yearly_allowance' END,
           to_char(date '${spec.year}-01-04' + (k * 24 + p % 11), 'YYYY-MM-DD'),
           to_char(date '${spec.year}-01-04' + (k * 24 + p % 11 + p % 4), 'YYYY-MM-DD'),
           CASE WHEN ${sick} THEN 'approved' ELSE (ARRAY['approved', 'approved', 'pending', 'rejected', 'approved'])[1 + (p + k) % 5] END,
           now() - make_interval(secs => ${spec.absencesPerPerson} - k), now()
         FROM ${people} CROSS JOIN generate_series(0, ${last}) AS k`,
      );
      await client.query(
        `INSERT INTO "Certificate" ("id", "companyId", "vacationId", "userId", "storageKey", "sha256", "size", "mime", "originalName", "uploadedById")
         SELECT ${person} || '-cert', ${company}, ${person} || '-v${last}', ${person}, ${person} || '-cert.pdf', md5(${person}), 1000, 'application/pdf', 'certificate.pdf', ${person}
         FROM ${people} WHERE p % ${TEAM_SIZE} = 3`,
      );
      // What a company in use also has: a subscription, a default work schedule and a shorter week
      // for every fifth person, last year's carry-over, a cover rule per team (its admin a key
      // person), lock dates for the company, for a team and for a person, and a pending change to
      // an approved absence in each team.
      await client.query(`INSERT INTO "Subscription" ("id", "companyId", "status", "updatedAt") SELECT ${company} || '-sub', ${company}, 'active', now() FROM ${companies}`);
      await client.query(
        `INSERT INTO "WorkSchedule" ("id", "companyId", "userId", "validFrom", "days")
         SELECT ${company} || '-ws', ${company}, NULL, '${spec.year - 1}-01-01', $1 FROM ${companies}
         UNION ALL SELECT ${person} || '-ws', ${company}, ${person}, '${spec.year}-03-01', $2 FROM ${people} WHERE p % ${TEAM_SIZE} = 4`,
        [JSON.stringify([1, 2, 3, 4, 5].map((weekday) => ({ weekday, hours: 8 }))), JSON.stringify([1, 2, 3, 4].map((weekday) => ({ weekday, hours: 8 })))],
      );
      await client.query(`INSERT INTO "CarryOver" ("id", "companyId", "userId", "fromYear", "days", "expiresOn") SELECT ${person} || '-co', ${company}, ${person}, ${spec.year - 1}, 2, '${spec.year}-04-30' FROM ${people}`);
      await client.query(`INSERT INTO "TeamCover" ("teamId", "maxAbsent", "mode") SELECT ${company} || '-t' || (p / ${TEAM_SIZE}), 2, 'warn' FROM ${people} WHERE p % ${TEAM_SIZE} = 0`);
      await client.query(`INSERT INTO "TeamCoverKey" ("teamId", "userId") SELECT ${company} || '-t' || (p / ${TEAM_SIZE}), ${person} FROM ${people} WHERE p % ${TEAM_SIZE} = 0`);
      await client.query(
        `INSERT INTO "Blackout" ("id", "companyId", "startDate", "endDate", "reason", "scope")
         SELECT ${company} || '-b' || b, ${company}, to_char(date '${spec.year}-03-15' + b * 60, 'YYYY-MM-DD'), to_char(date '${spec.year}-03-16' + b * 60, 'YYYY-MM-DD'), 'Stocktake',
           (ARRAY['company', 'teams', 'people'])[b + 1]
         FROM ${companies} CROSS JOIN generate_series(0, 2) AS b`,
      );
      await client.query(`INSERT INTO "BlackoutTeam" ("blackoutId", "teamId") SELECT ${company} || '-b1', ${company} || '-t0' FROM ${companies}`);
      await client.query(`INSERT INTO "BlackoutPerson" ("blackoutId", "userId") SELECT ${company} || '-b2', ${company} || '-1' FROM ${companies}`);
      // Person p's absence 0 is approved when p mod 5 = 1 (the statuses above): a day later, asked for.
      await client.query(
        `INSERT INTO "VacationChange" ("id", "companyId", "vacationId", "startDate", "endDate", "categoryId", "status", "pendingFor", "requestedById")
         SELECT ${person} || '-ch', ${company}, ${person} || '-v0', to_char(date '${spec.year}-01-05' + p % 11, 'YYYY-MM-DD'), to_char(date '${spec.year}-01-05' + (p % 11 + p % 4), 'YYYY-MM-DD'),
           'yearly_allowance', 'pending', ${person} || '-v0', ${person}
         FROM ${people} WHERE p % ${TEAM_SIZE} = 1`,
      );
      await client.query("COMMIT");
      spec.onProgress?.(to);
    }
    await client.query("ANALYZE");
    return { prefix, absences: spec.companies * spec.people * spec.absencesPerPerson };
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}
