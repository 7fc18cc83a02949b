// The demo company a newcomer signs in to. Deterministic (seeded random), so tests and screenshots
// see the same data on every fresh database.
import type { Prisma, PrismaClient } from "~/generated/prisma/client";
import { checkRequestFitsBalance, statusEffect, type BalanceVacation } from "~/lib/balances";
import { addDays, DEFAULT_TIME_ZONE, isoDate, isWeekend, maxDate, minDate, todayIn, type IsoDate } from "~/lib/dates";
import { firstDayOfMonth, monthOf } from "~/lib/month-param";
import { holidayCalendar } from "~/lib/working-days";
import { recordAudit } from "~/utils/audit.server";
import { hashPassword } from "~/utils/password.server";
import { DEFAULT_CATEGORIES } from "./absence-category.server";
import { nationalHolidays } from "./holiday-catalogue.server";

export const DEMO_PASSWORD = "demo-password";
export const DEMO_COMPANY_NAME = "Demo Company";

const FIRST_NAMES = [
  "Ana", "Bruno", "Carla", "Diogo", "Elisa", "Fábio", "Gabriela", "Hugo", "Inês", "João", "Joana",
  "Luís", "Marta", "Nuno", "Patrícia", "Ricardo", "Sofia", "Tiago", "Vera", "Rui", "Beatriz",
];
const LAST_NAMES = ["Silva", "Santos", "Ferreira", "Pereira", "Oliveira", "Costa", "Rodrigues", "Martins", "Sousa", "Gomes"];

function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** What people write when they ask, by absence category (the demo is a Portuguese company). */
const DESCRIPTIONS: Record<string, readonly string[]> = {
  yearly_allowance: ["Férias em família", "Viagem a Madrid", "Visita aos avós", "Ponte do feriado", "Casamento de um amigo", "Fim de semana prolongado", "Viagem aos Açores"],
  residual: ["Dias transitados do ano passado", "Férias que ficaram por gozar"],
  special_leave: ["Mudança de casa", "Licença de casamento", "Assuntos familiares"],
  sick_leave: ["Consulta médica", "Gripe", "Exames médicos", "Consulta no dentista"],
  training: ["Curso de primeiros socorros", "Conferência de produto", "Formação em liderança"],
  unpaid_leave: ["Licença sem vencimento"],
};

/**
 * Absences around the day the demo is made, so its calendars are never empty where people look
 * first: this month (today's among them) and the next two, in every status, several of one day.
 * Offsets are days from today. Only people no end-to-end test signs in as to book (the generated
 * people 15-19, and 0-5, whom the language tests only sign in as), so the tests' own requests never
 * meet these.
 */
const AROUND_TODAY: readonly { person: number; offset: number; days: number; status: string; categoryId: string; description: string }[] = [
  { person: 1, offset: -20, days: 2, status: "approved", categoryId: "training", description: "Formação em liderança" },
  { person: 5, offset: -17, days: 5, status: "approved", categoryId: "yearly_allowance", description: "Viagem aos Açores" },
  { person: 0, offset: -14, days: 3, status: "approved", categoryId: "yearly_allowance", description: "Visita aos avós" },
  { person: 2, offset: -11, days: 1, status: "approved", categoryId: "sick_leave", description: "Gripe" },
  { person: 3, offset: -3, days: 2, status: "pending", categoryId: "yearly_allowance", description: "Casamento de um amigo" },
  { person: 4, offset: 1, days: 2, status: "pending", categoryId: "yearly_allowance", description: "Fim de semana prolongado" },
  { person: 15, offset: 0, days: 1, status: "approved", categoryId: "sick_leave", description: "Consulta médica" },
  { person: 16, offset: -2, days: 5, status: "approved", categoryId: "yearly_allowance", description: "Férias em família" },
  { person: 17, offset: -8, days: 2, status: "approved", categoryId: "training", description: "Conferência de produto" },
  { person: 18, offset: -5, days: 1, status: "rejected", categoryId: "yearly_allowance", description: "Ponte do feriado" },
  { person: 19, offset: 3, days: 1, status: "pending", categoryId: "yearly_allowance", description: "Assuntos pessoais" },
  { person: 0, offset: 7, days: 5, status: "pending", categoryId: "yearly_allowance", description: "Viagem a Madrid" },
  { person: 1, offset: 12, days: 3, status: "approved", categoryId: "yearly_allowance", description: "Visita aos avós" },
  { person: 2, offset: 18, days: 1, status: "pending", categoryId: "special_leave", description: "Mudança de casa" },
  { person: 3, offset: 25, days: 4, status: "rejected", categoryId: "yearly_allowance", description: "Fim de semana prolongado" },
  { person: 4, offset: 33, days: 2, status: "pending", categoryId: "training", description: "Curso de primeiros socorros" },
  { person: 5, offset: 40, days: 5, status: "approved", categoryId: "yearly_allowance", description: "Férias em família" },
  { person: 15, offset: 45, days: 1, status: "pending", categoryId: "yearly_allowance", description: "Assuntos pessoais" },
  { person: 16, offset: 52, days: 3, status: "pending", categoryId: "yearly_allowance", description: "Casamento de um amigo" },
  { person: 17, offset: 60, days: 5, status: "approved", categoryId: "yearly_allowance", description: "Viagem aos Açores" },
  { person: 18, offset: 70, days: 2, status: "rejected", categoryId: "yearly_allowance", description: "Fim de semana prolongado" },
  { person: 19, offset: 78, days: 1, status: "approved", categoryId: "sick_leave", description: "Exames médicos" },
];

/** The first working day from `date` on, so no demo vacation starts on a weekend or a holiday. */
function nextWorkingDay(date: IsoDate, holidayDates: ReadonlySet<IsoDate>): IsoDate {
  let day = date;
  while (isWeekend(day) || holidayDates.has(day)) day = addDays(day, 1);
  return day;
}

export async function hasAnyCompany(db: PrismaClient): Promise<boolean> {
  return (await db.company.count()) > 0;
}

/**
 * The demo company, made as of `today`: by default the date in the demo company's zone now (the
 * server's own zone or UTC could be another date around midnight).
 */
export async function seedDemoCompany(db: PrismaClient, today: IsoDate = todayIn(DEFAULT_TIME_ZONE)): Promise<{ companyId: string }> {
  const year = Number(today.slice(0, 4));
  const random = seededRandom(year);
  // Apart from `random`, so that descriptions leave the dates and statuses it draws as they were.
  const wording = seededRandom(year * 31 + 7);
  const describe = (categoryId: string) => {
    const options = DESCRIPTIONS[categoryId] ?? DESCRIPTIONS.yearly_allowance;
    return options[Math.floor(wording() * options.length)];
  };
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const verified = new Date();

  return db.$transaction(async (tx) => {
    const company = await tx.company.create({ data: { name: DEMO_COMPANY_NAME, countryCode: "PT", timeZone: DEFAULT_TIME_ZONE } });
    const companyId = company.id;
    await tx.absenceCategory.createMany({ data: DEFAULT_CATEGORIES.map((c) => ({ ...c, companyId })) });

    const [engineering, sales, operations] = await Promise.all(
      ["Engineering", "Sales", "Operations"].map((name) => tx.team.create({ data: { companyId, name } })),
    );
    const teams = [engineering, sales, operations];

    const base = { companyId, passwordHash, emailVerifiedAt: verified, countryCode: "PT" };
    const fixed = [
      { email: "owner@demo.test", fullName: "Olívia Owner", role: "owner", teamId: operations.id },
      { email: "admin@demo.test", fullName: "André Admin", role: "admin", teamId: engineering.id },
      { email: "employee@demo.test", fullName: "Eva Employee", role: "user", teamId: engineering.id },
      { email: "master@demo.test", fullName: "Mário Master", role: "admin", teamId: operations.id, isMaster: true },
      { email: "sales.lead@demo.test", fullName: "Sara Sales", role: "admin", teamId: sales.id },
    ];
    const users = [];
    for (const user of fixed) users.push(await tx.user.create({ data: { ...base, ...user } }));
    for (let i = 0; i < 20; i++) {
      const first = FIRST_NAMES[i % FIRST_NAMES.length];
      const last = LAST_NAMES[(i * 7) % LAST_NAMES.length];
      const email = `${first}.${last}${i}`.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase() + "@demo.test";
      users.push(
        await tx.user.create({
          data: { ...base, email, fullName: `${first} ${last}`, role: "user", teamId: teams[i % 3].id },
        }),
      );
    }
    const [owner, admin, , master, salesLead] = users;
    await tx.teamAdmin.createMany({
      data: [
        { teamId: engineering.id, userId: admin.id },
        { teamId: sales.id, userId: salesLead.id },
        { teamId: operations.id, userId: owner.id },
        { teamId: operations.id, userId: master.id },
      ],
    });

    const allowances = users.map((user) => ({
      companyId,
      userId: user.id,
      year,
      yearly: 22,
      residual: Math.floor(random() * 6),
      specialLeave: random() < 0.3 ? 2 : 0,
    }));
    await tx.allowance.createMany({ data: allowances });

    const holidays = [...(await nationalHolidays("PT", year)), ...(await nationalHolidays("PT", year + 1))];
    const holidayDates = new Set(holidays.map((h) => h.date));
    await tx.holiday.createMany({ data: holidays.map((h) => ({ ...h, companyId, countryCode: "PT", isRecurring: false })) });

    const reviewerOf = new Map([
      [engineering.id, admin.id],
      [sales.id, salesLead.id],
      [operations.id, owner.id],
    ]);
    const vacations: Prisma.VacationCreateManyInput[] = [];
    // The demo must look like a company that follows its own rules: no one's balance below zero.
    // A request that would not fit the rolled allowance (the check the server makes) draws on
    // another, or on none (sick leave).
    const calendar = holidayCalendar(
      holidays.map((h) => ({ ...h, countryCode: "PT", isRecurring: false })),
      { countryCode: "PT", region: null },
      "PT",
    );
    const held = new Map<string, BalanceVacation[]>();
    const pickCategory = (userId: string, start: IsoDate, end: IsoDate, status: string, roll: number, wanted?: string) => {
      const rolled = wanted ?? (roll < 0.75 ? "yearly_allowance" : roll < 0.85 ? "sick_leave" : roll < 0.93 ? "residual" : "special_leave");
      const own = held.get(userId) ?? [];
      const allowance = allowances.find((row) => row.userId === userId)!;
      // Next year's yearly allowance carries over until management sets it (effectiveAllowance).
      const rows = [allowance, { year: year + 1, yearly: allowance.yearly, residual: 0, specialLeave: 0 }];
      const fits = (categoryId: string) =>
        checkRequestFitsBalance({ request: { startDate: start, endDate: end, halfDayStart: false, halfDayEnd: false, categoryId }, vacations: own, allowances: rows, categories: DEFAULT_CATEGORIES, calendar }) === null;
      const categoryId = statusEffect(status) === "none" ? rolled : ([rolled, "yearly_allowance", "sick_leave"].find(fits) ?? "sick_leave");
      held.set(userId, [...own, { startDate: start, endDate: end, halfDayStart: false, halfDayEnd: false, status, categoryId }]);
      return categoryId;
    };
    const addVacation = (userId: string, teamId: string | null, start: IsoDate, length: number, status: string, roll: number, wanted?: { categoryId: string; description: string }) => {
      const categoryId = pickCategory(userId, start, addDays(start, length - 1), status, roll, wanted?.categoryId);
      const decided = status === "approved" || status === "rejected";
      vacations.push({
        companyId,
        userId,
        categoryId,
        startDate: start,
        endDate: addDays(start, length - 1),
        status,
        description: wanted && wanted.categoryId === categoryId ? wanted.description : describe(categoryId),
        reviewerId: decided ? (reviewerOf.get(teamId ?? "") ?? owner.id) : null,
        // Decided before it starts, and never after the day the demo is made.
        reviewedAt: decided ? new Date(`${minDate(start, today)}T09:00:00Z`) : null,
      });
    };
    // First the absences around today, then each person's year around them (never overlapping).
    const monthStart = firstDayOfMonth(monthOf(today));
    const reserved = new Map<string, { start: IsoDate; end: IsoDate }[]>();
    for (const planned of AROUND_TODAY) {
      const user = users[fixed.length + planned.person];
      const start = nextWorkingDay(maxDate(addDays(today, planned.offset), monthStart), holidayDates);
      const end = addDays(start, planned.days - 1);
      // A request for days already past was decided by now.
      const status = planned.status === "pending" && end < today ? "approved" : planned.status;
      addVacation(user.id, user.teamId, start, planned.days, status, 0, planned);
      reserved.set(user.id, [...(reserved.get(user.id) ?? []), { start, end }]);
    }
    /** The first working day from `start` on where `length` days miss the person's absences around today. */
    const clearOfReserved = (userId: string, start: IsoDate, length: number): IsoDate => {
      let day = start;
      for (const range of [...(reserved.get(userId) ?? [])].sort((a, b) => (a.start < b.start ? -1 : 1))) {
        if (day <= range.end && addDays(day, length - 1) >= range.start) day = nextWorkingDay(addDays(range.end, 2), holidayDates);
      }
      return day;
    };
    for (const user of users) {
      // Vacations in order through the year, never overlapping: decided ones in the past, a mix of
      // pending and decided ones from today on (into next year when today is late in the year).
      let cursor = isoDate(year, 1, 8 + Math.floor(random() * 20));
      for (let n = 0; n < 6; n++) {
        const length = 1 + Math.floor(random() * 7);
        const start = clearOfReserved(user.id, nextWorkingDay(cursor, holidayDates), length);
        const end = addDays(start, length - 1);
        if (end > isoDate(year + 1, 3, 31)) break;
        const roll = random();
        const status =
          end < today
            ? roll < 0.85 ? "approved" : roll < 0.95 ? "rejected" : "cancelled"
            : roll < 0.45 ? "approved" : roll < 0.85 ? "pending" : "rejected";
        addVacation(user.id, user.teamId, start, length, status, random());
        cursor = addDays(end, (end < today ? 30 : 10) + Math.floor(random() * 50));
        if (cursor < today && n >= 3) cursor = addDays(today, 3 + Math.floor(random() * 30));
      }
    }
    await tx.vacation.createMany({ data: vacations });
    await tx.subscription.create({
      data: { companyId, status: "trialing", trialEndsAt: new Date(Date.now() + 14 * 24 * 3600 * 1000) },
    });
    await tx.billingDetails.create({
      data: { companyId, companyName: DEMO_COMPANY_NAME, primaryContactId: owner.id, invoiceEmail: "owner@demo.test" },
    });
    await recordAudit(
      { companyId, actorId: null, action: "company.demo_created", entity: "company", entityId: companyId, details: { people: users.length, teams: teams.length, absences: vacations.length, holidays: holidays.length } },
      tx,
    );
    return { companyId };
    // A few thousand rows in one transaction: Prisma's 5 s default fails the first start of a busy
    // or slow machine, and the demo is all or nothing.
  }, { timeout: 60_000 });
}
