// Carry-over of unused yearly days into next year's residual, its reversal by an admin, and the
// reminder before carried days lapse (docs/decisions/0020-carry-over-and-explained-balances.md).
// runCarryOver is a system job (no viewer): the server runs it every hour and
// `npm run jobs:carry-over` once. Each company's year is carried exactly once: a CarryOverRun row
// is inserted first in the same transaction as the carried days, so a second run — in this
// process or another — either waits for the first and finds the row, or fails on its key.
import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import type { Prisma } from "~/generated/prisma/client";
import { carriedResidualUse, computeBalances } from "~/lib/balances";
import { carryOverDays, carryOverExpiry, reminderDue, CARRY_OVER_REMINDER_DAYS } from "~/lib/carry-over";
import { addDays, todayIn, type IsoDate } from "~/lib/dates";
import { leaveYearOf } from "~/lib/leave-year";
import { formatDate, formatDays } from "~/lib/format";
import { displayName } from "~/lib/people";
import { languageOr } from "~/i18n";
import { renderActionMail } from "~/emails/render.server";
import { changes, recordAudit } from "~/utils/audit.server";
import { getDb } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { AppError } from "~/utils/errors.server";
import { queueMail } from "~/utils/mail.server";
import { requireAdmin, type Viewer } from "~/utils/permissions.server";
import { effectiveAllowance } from "./allowance.server";
import { loadBalanceInputs } from "./balance.server";

/** Companies read at a time by the job. */
export const CARRY_OVER_BATCH_COMPANIES = 50;

export interface CarryOverResult {
  /** One entry per company and year carried by this run. */
  applied: { companyId: string; fromYear: number; people: number; days: number }[];
  /** CarryOver ids whose owners were reminded by this run. */
  reminded: string[];
}

/** The system job: carries each company's last year once, then sends the reminders that are due. */
export async function runCarryOver(now = new Date(), { batchSize = CARRY_OVER_BATCH_COMPANIES } = {}): Promise<CarryOverResult> {
  const applied: CarryOverResult["applied"] = [];
  // The companies a batch at a time (a keyset cursor on the id), so the job's reads stay bounded
  // however many tenants there are (decision 0101); each company's year is its own transaction.
  let after: string | undefined;
  for (;;) {
    const companies = await getDb().company.findMany({
      where: { deletionRequestedAt: null, ...(after === undefined ? {} : { id: { gt: after } }) },
      select: { id: true, timeZone: true, leaveYearStartMonth: true, carryOverMaxDays: true, carryOverExpiresOn: true, carryOverRuns: { select: { fromYear: true } } },
      orderBy: { id: "asc" },
      take: batchSize,
    });
    if (companies.length === 0) break;
    after = companies[companies.length - 1].id;
    for (const company of companies) {
      const today = todayIn(company.timeZone, now);
      // At each company's own leave-year turn: a leave year from April carries on 1 April (decision 0080).
      const fromYear = leaveYearOf(today, company.leaveYearStartMonth).year - 1;
      if (company.carryOverRuns.some((run) => run.fromYear === fromYear)) continue;
      const expiresOn = carryOverExpiry(fromYear, company.carryOverExpiresOn, company.leaveYearStartMonth);
      // Days that would lapse the moment they arrive help nobody; this also keeps a first deploy in
      // the middle of a year from handing out last year's days months late.
      if (today > expiresOn) continue;
      const result = await carryCompanyYear(company.id, fromYear, { cap: company.carryOverMaxDays, expiresOn, today, now });
      if (result) applied.push({ companyId: company.id, fromYear, ...result });
      // SQLite's queries complete in microtasks: let this process's pages in between companies.
      await yieldToEventLoop();
    }
    if (companies.length < batchSize) break;
  }
  return { applied, reminded: await sendExpiryReminders(now, batchSize) };
}

interface CarryOptions {
  cap: number;
  expiresOn: IsoDate;
  today: IsoDate;
  now: Date;
}

/** Carries one company's year in one transaction; null when another run already did. */
async function carryCompanyYear(companyId: string, fromYear: number, options: CarryOptions) {
  const toYear = fromYear + 1;
  try {
    return await getDb().$transaction(async (tx) => {
      // First, so a concurrent run blocks here (or on the key) before it reads any balance.
      if (await tx.carryOverRun.findUnique({ where: { companyId_fromYear: { companyId, fromYear } } })) return null;
      await tx.carryOverRun.create({ data: { companyId, fromYear, ranAt: options.now } });
      const inputs = await loadBalanceInputs(tx, companyId, { fromYear, toYear, today: options.today });
      let people = 0;
      let total = 0;
      for (const person of inputs.people) {
        const days = carryOverDays(inputs.balancesOf(person.id, fromYear).yearly.remaining, options.cap);
        if (days <= 0) continue;
        const before = await tx.allowance.findUnique({ where: { userId_year: { userId: person.id, year: toYear } } });
        // A year nobody has set yet starts from the allowance it would have shown (effectiveAllowance).
        const base = before ?? effectiveAllowance(inputs.allowanceRowsOf(person.id), toYear);
        const allowance = before
          ? await tx.allowance.update({ where: { id: before.id }, data: { residual: before.residual + days } })
          : await tx.allowance.create({ data: { companyId, userId: person.id, year: toYear, yearly: base?.yearly ?? 0, residual: days, specialLeave: 0 } });
        const carryOver = await tx.carryOver.create({ data: { companyId, userId: person.id, fromYear, days, expiresOn: options.expiresOn, createdAt: options.now } });
        await recordAudit(
          {
            companyId,
            actorId: null,
            action: "carry_over.applied",
            entity: "carry_over",
            entityId: carryOver.id,
            details: {
              user_id: person.id,
              from_year: fromYear,
              days,
              expires_on: options.expiresOn,
              allowance_id: allowance.id,
              ...changes({ residual: before?.residual ?? null }, { residual: allowance.residual }),
            },
          },
          tx,
        );
        people++;
        total += days;
      }
      // The run itself is a change (it marks the year done), also when nobody had days to carry.
      await recordAudit(
        { companyId, actorId: null, action: "carry_over.run", entity: "company", entityId: companyId, details: { from_year: fromYear, people, days: total, expires_on: options.expiresOn } },
        tx,
      );
      return { people, days: total };
    });
  } catch (error) {
    // PostgreSQL lets two transactions read "no run" at once; the second then fails on the key.
    if ((error as { code?: string }).code === "P2002") return null;
    throw error;
  }
}

/**
 * Reminds each person once, CARRY_OVER_REMINDER_DAYS before expiry, of carried days no vacation
 * holds yet. Marked before the mail is queued, so concurrent runs remind once (at most once: a
 * crash between the two loses that reminder rather than sending two).
 */
async function sendExpiryReminders(now: Date, batchSize: number): Promise<string[]> {
  const db = getDb();
  // Every time zone's today is within a day of UTC's: a loose window first, then each company's own.
  const utcToday = todayIn("UTC", now);
  const window = { revertedAt: null, reminderSentAt: null, expiresOn: { gte: addDays(utcToday, -1), lte: addDays(utcToday, CARRY_OVER_REMINDER_DAYS + 1) } };
  const reminded: string[] = [];
  // The companies with a candidate a batch at a time (a keyset cursor), then each company's own
  // reads, so a leave year that ends the same day for every tenant never loads them all at once.
  let after: string | undefined;
  for (;;) {
    const companies = await db.carryOver.groupBy({
      by: ["companyId"],
      where: { ...window, ...(after === undefined ? {} : { companyId: { gt: after } }) },
      orderBy: { companyId: "asc" },
      take: batchSize,
    });
    if (companies.length === 0) break;
    after = companies[companies.length - 1].companyId;
    for (const { companyId } of companies) {
      reminded.push(...(await remindCompany(companyId, window, now)));
      // SQLite's queries complete in microtasks: let this process's pages in between companies.
      await yieldToEventLoop();
    }
    if (companies.length < batchSize) break;
  }
  return reminded;
}

/** One company's carried days about to lapse: each person still holding some is reminded once. */
async function remindCompany(companyId: string, window: Prisma.CarryOverWhereInput, now: Date): Promise<string[]> {
  const db = getDb();
  const candidates = await db.carryOver.findMany({
    where: { ...window, companyId },
    select: {
      id: true,
      companyId: true,
      userId: true,
      fromYear: true,
      days: true,
      expiresOn: true,
      company: { select: { timeZone: true } },
      user: { select: { email: true, fullName: true, name: true, preferredLanguage: true, deactivatedAt: true } },
    },
  });
  const due = candidates.filter((row) => !row.user.deactivatedAt && reminderDue(todayIn(row.company.timeZone, now), row.expiresOn));
  // One load of balance inputs per year, however many people are due that day.
  const inputsByYear = new Map<number, ReturnType<typeof loadBalanceInputs>>();
  const inputsFor = (row: (typeof due)[number]) => {
    let inputs = inputsByYear.get(row.fromYear);
    if (!inputs) {
      const year = row.fromYear + 1;
      const userIds = due.filter((other) => other.fromYear === row.fromYear).map((other) => other.userId);
      inputs = loadBalanceInputs(db, companyId, { fromYear: year, toYear: year, userIds, today: todayIn(row.company.timeZone, now) });
      inputsByYear.set(row.fromYear, inputs);
    }
    return inputs;
  };
  const reminded: string[] = [];
  for (const row of due) {
    const year = row.fromYear + 1;
    const use = carriedResidualUse((await inputsFor(row)).balanceInputOf(row.userId, year));
    if (!use || use.unused <= 0) continue;
    const marked = await db.$transaction(async (tx) => {
      const { count } = await tx.carryOver.updateMany({ where: { id: row.id, reminderSentAt: null, revertedAt: null }, data: { reminderSentAt: now } });
      if (count !== 1) return false;
      await recordAudit(
        { companyId: row.companyId, actorId: null, action: "carry_over.reminded", entity: "carry_over", entityId: row.id, details: { user_id: row.userId, unused_days: use.unused, expires_on: row.expiresOn } },
        tx,
      );
      return true;
    });
    if (!marked) continue;
    const language = languageOr(row.user.preferredLanguage);
    const mail = renderActionMail(language, (t) => {
      const values = { count: use.unused, days: formatDays(use.unused, language), date: formatDate(row.expiresOn, language), fromYear: row.fromYear };
      return {
        subject: t("balances.reminder.subject", values),
        greeting: t("mail.greeting", { name: displayName(row.user) }),
        paragraphs: [t("balances.reminder.body", values), t("balances.reminder.hint")],
        action: t("balances.reminder.action"),
        link: `${getEnv().APP_URL}/balances/me?year=${year}`,
        footer: t("balances.reminder.footer"),
      };
    });
    await queueMail({ ...mail, to: row.user.email, companyId: row.companyId });
    reminded.push(row.id);
  }
  return reminded;
}

/**
 * An admin takes back one person's carried days: the carry-over is marked reverted and its days
 * leave that year's residual, audited old → new. Refused while vacations (approved or pending)
 * hold residual days the revert would take away: cancel or change those first.
 */
export async function revertCarryOver(viewer: Viewer, carryOverId: string) {
  requireAdmin(viewer);
  const { companyId } = viewer;
  return getDb().$transaction(async (tx) => {
    const carryOver = await tx.carryOver.findFirst({ where: { id: carryOverId, companyId } });
    if (!carryOver) throw new AppError(404, "not_found", "balances.errors.carryOverNotFound");
    if (carryOver.revertedAt) throw new AppError(409, "already_reverted", "balances.errors.alreadyReverted");
    const year = carryOver.fromYear + 1;
    const inputs = await loadBalanceInputs(tx, companyId, { fromYear: year, toYear: year, userIds: [carryOver.userId], withRecentlyDeactivated: true, today: todayIn(viewer.timeZone) });
    const allowance = await tx.allowance.findUnique({ where: { userId_year: { userId: carryOver.userId, year } } });
    const residualBefore = allowance?.residual ?? 0;
    const residualAfter = Math.max(0, residualBefore - carryOver.days);
    const held = computeBalances({ ...inputs.balanceInputOf(carryOver.userId, year), carried: null });
    const heldDays = held.residual.used + held.residual.pending;
    if (heldDays > residualAfter) {
      throw new AppError(409, "carry_over_in_use", "balances.errors.revertInUse", {
        params: { count: String(heldDays), left: String(residualAfter) },
      });
    }
    const revertedAt = new Date();
    await tx.carryOver.update({ where: { id: carryOver.id }, data: { revertedAt } });
    if (allowance) await tx.allowance.update({ where: { id: allowance.id }, data: { residual: residualAfter } });
    await recordAudit(
      {
        companyId,
        actorId: viewer.userId,
        action: "carry_over.reverted",
        entity: "carry_over",
        entityId: carryOver.id,
        details: {
          user_id: carryOver.userId,
          from_year: carryOver.fromYear,
          days: carryOver.days,
          ...changes({ residual: residualBefore, reverted_at: null as string | null }, { residual: residualAfter, reverted_at: revertedAt.toISOString() }),
        },
      },
      tx,
    );
    return { userId: carryOver.userId, year, days: carryOver.days };
  });
}

/** Runs the job now and then every `intervalMs` inside the server; errors are logged, not fatal. */
export function scheduleCarryOver(intervalMs = 60 * 60_000) {
  const tick = () =>
    runCarryOver().then(
      ({ applied, reminded }) => {
        for (const run of applied) console.log(`Carried ${run.days} day(s) of ${run.fromYear} for ${run.people} person(s) of company ${run.companyId}`);
        if (reminded.length) console.log(`Sent ${reminded.length} carry-over expiry reminder(s)`);
      },
      (error) => console.error("Carry-over failed:", error),
    );
  void tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
