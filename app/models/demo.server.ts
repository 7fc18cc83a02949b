// The demo company a newcomer signs in to. Deterministic (seeded random), so tests and screenshots
// see the same data on every fresh database.
import type { Prisma, PrismaClient } from "~/generated/prisma/client";
import { checkRequestFitsBalance, statusEffect, type BalanceVacation } from "~/lib/balances";
import { addDays, isoDate, isWeekend, type IsoDate } from "~/lib/dates";
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

/** The first working day from `date` on, so no demo vacation starts on a weekend or a holiday. */
function nextWorkingDay(date: IsoDate, holidayDates: ReadonlySet<IsoDate>): IsoDate {
  let day = date;
  while (isWeekend(day) || holidayDates.has(day)) day = addDays(day, 1);
  return day;
}

export async function hasAnyCompany(db: PrismaClient): Promise<boolean> {
  return (await db.company.count()) > 0;
}

export async function seedDemoCompany(db: PrismaClient, today: IsoDate): Promise<{ companyId: string }> {
  const year = Number(today.slice(0, 4));
  const random = seededRandom(year);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const verified = new Date();

  return db.$transaction(async (tx) => {
    const company = await tx.company.create({ data: { name: DEMO_COMPANY_NAME, countryCode: "PT" } });
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
    const pickCategory = (userId: string, start: IsoDate, end: IsoDate, status: string, roll: number) => {
      const rolled = roll < 0.75 ? "yearly_allowance" : roll < 0.85 ? "sick_leave" : roll < 0.93 ? "residual" : "special_leave";
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
    const addVacation = (userId: string, teamId: string | null, start: IsoDate, length: number, status: string, roll: number) => {
      const categoryId = pickCategory(userId, start, addDays(start, length - 1), status, roll);
      const decided = status === "approved" || status === "rejected";
      vacations.push({
        companyId,
        userId,
        categoryId,
        startDate: start,
        endDate: addDays(start, length - 1),
        status,
        description: "",
        reviewerId: decided ? (reviewerOf.get(teamId ?? "") ?? owner.id) : null,
        reviewedAt: decided ? new Date(`${start}T09:00:00Z`) : null,
      });
    };
    for (const user of users) {
      // Vacations in order through the year, never overlapping: decided ones in the past, a mix of
      // pending and decided ones from today on (into next year when today is late in the year).
      let cursor = isoDate(year, 1, 8 + Math.floor(random() * 20));
      for (let n = 0; n < 6; n++) {
        const start = nextWorkingDay(cursor, holidayDates);
        const length = 1 + Math.floor(random() * 7);
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
  });
}
