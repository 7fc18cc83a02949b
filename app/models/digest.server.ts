// The daily who's-off digest (issue 43, decision 0088). Each person chooses it for themselves
// (off, their team, the company). Once the company's clock passes DIGEST_HOUR, the job sends each
// one a single e-mail about today's and tomorrow's absences, in their language, reasons hidden by
// the calendar's rule. "Once" holds across app processes: a DigestSend row with a unique
// (userId, date) is inserted before the e-mail is queued, and only the process whose insert lands
// sends it. A day with nothing to tell sends nothing; its row still says the day was looked at.
import { categoryName } from "~/components/absence-category-name";
import type { DigestAbsence } from "~/emails/digest.server";
import { renderDigestMail } from "~/emails/digest.server";
import { languageOr } from "~/i18n";
import { addDays } from "~/lib/dates";
import { digestDue, digestScopeOr, isDigestScope, type DigestScope } from "~/lib/digest";
import { earliestStartReaching } from "~/lib/input-limits";
import { displayName } from "~/lib/people";
import { BLOCKING_STATUSES } from "~/lib/statuses";
import { zonedDateTime } from "~/lib/zoned-time";
import { changes, recordAudit } from "~/utils/audit.server";
import { getDb } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { AppError } from "~/utils/errors.server";
import { getT } from "~/utils/i18n.server";
import { queueMail } from "~/utils/mail.server";
import { asRole, seesVacationDetailsOf, type Viewer } from "~/utils/permissions.server";

/** The viewer's own choice. */
export async function getDigestScope(viewer: Viewer): Promise<DigestScope> {
  const row = await getDb().user.findFirst({ where: { id: viewer.userId, companyId: viewer.companyId }, select: { digest: true } });
  return digestScopeOr(row?.digest);
}

/** Sets the viewer's own digest (nobody chooses it for someone else), audited old → new. */
export async function setDigestScope(viewer: Viewer, scope: DigestScope): Promise<DigestScope> {
  if (!isDigestScope(scope)) throw new AppError(400, "validation_failed", "digest.errors.choose", { fields: { digest: "digest.errors.choose" } });
  await getDb().$transaction(async (tx) => {
    const before = await tx.user.findFirst({ where: { id: viewer.userId, companyId: viewer.companyId }, select: { digest: true } });
    if (!before || before.digest === scope) return;
    await tx.user.update({ where: { id: viewer.userId }, data: { digest: scope } });
    await recordAudit(
      { companyId: viewer.companyId, actorId: viewer.userId, action: "user.updated", entity: "user", entityId: viewer.userId, details: changes(before, { digest: scope }) },
      tx,
    );
  });
  return scope;
}

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === "P2002";

export interface DigestRun {
  /** People whose digest this run claimed, with or without an e-mail. */
  claimed: number;
  /** E-mails queued. */
  sent: number;
}

/**
 * One pass: every opted-in person whose company's day has reached the digest hour and who has no
 * digest for that day yet. Reads are per company (its absences of the two days, its absence
 * types), never per person.
 */
export async function runDigests(now = new Date()): Promise<DigestRun> {
  const db = getDb();
  const people = await db.user.findMany({
    where: { digest: { in: ["team", "company"] }, deactivatedAt: null },
    select: {
      id: true,
      companyId: true,
      email: true,
      fullName: true,
      name: true,
      role: true,
      teamId: true,
      digest: true,
      preferredLanguage: true,
      adminOf: { select: { teamId: true } },
      company: { select: { timeZone: true } },
    },
  });
  const due = people.flatMap((person) => {
    const local = zonedDateTime(now, person.company.timeZone);
    return digestDue(local.time) ? [{ ...person, today: local.date }] : [];
  });
  if (due.length === 0) return { claimed: 0, sent: 0 };
  const done = await db.digestSend.findMany({
    where: { userId: { in: due.map((p) => p.id) }, date: { in: [...new Set(due.map((p) => p.today))] } },
    select: { userId: true, date: true },
  });
  const doneKeys = new Set(done.map((d) => `${d.userId}:${d.date}`));
  const waiting = due.filter((p) => !doneKeys.has(`${p.id}:${p.today}`));
  const run: DigestRun = { claimed: 0, sent: 0 };
  const appUrl = getEnv().APP_URL;
  for (const companyId of new Set(waiting.map((p) => p.companyId))) {
    const recipients = waiting.filter((p) => p.companyId === companyId);
    const today = recipients[0].today;
    const tomorrow = addDays(today, 1);
    const [vacations, categories] = await Promise.all([
      db.vacation.findMany({
        where: { companyId, status: { in: [...BLOCKING_STATUSES] }, endDate: { gte: today }, startDate: { gte: earliestStartReaching(today), lte: tomorrow } },
        select: {
          userId: true,
          categoryId: true,
          startDate: true,
          endDate: true,
          status: true,
          user: { select: { id: true, fullName: true, name: true, email: true, teamId: true } },
        },
        orderBy: [{ startDate: "asc" }, { id: "asc" }],
      }),
      db.absenceCategory.findMany({ where: { companyId }, select: { id: true, name: true } }),
    ]);
    const categoryOf = new Map(categories.map((c) => [c.id, c]));
    for (const person of recipients) {
      const viewer: Viewer = {
        userId: person.id,
        companyId,
        role: asRole(person.role),
        isMaster: false,
        teamId: person.teamId,
        adminOfTeamIds: person.adminOf.map((a) => a.teamId),
        timeZone: person.company.timeZone,
      };
      // "My team": the team they belong to and the teams they administer.
      const teams = new Set([person.teamId, ...viewer.adminOfTeamIds].filter((id): id is string => id !== null));
      const language = languageOr(person.preferredLanguage);
      const t = getT(language);
      const shown = vacations.filter((v) => v.userId !== person.id && (person.digest === "company" || (v.user.teamId !== null && teams.has(v.user.teamId))));
      const entry = (v: (typeof shown)[number]): DigestAbsence => ({
        name: displayName(v.user),
        category: seesVacationDetailsOf(viewer, v.user) ? categoryName(t, categoryOf.get(v.categoryId), v.categoryId) : null,
        startDate: v.startDate,
        endDate: v.endDate,
        pending: v.status === "pending",
      });
      const onToday = shown.filter((v) => v.startDate <= today).map(entry);
      const onTomorrow = shown.filter((v) => v.startDate <= tomorrow && v.endDate >= tomorrow).map(entry);
      const sent = onToday.length + onTomorrow.length > 0;
      try {
        await db.digestSend.create({ data: { companyId, userId: person.id, date: today, sent } });
      } catch (error) {
        // Another process claimed this person's day first: it sends (or skips) it.
        if (isUniqueViolation(error)) continue;
        throw error;
      }
      run.claimed++;
      if (!sent) continue;
      const mail = renderDigestMail(language, { recipient: displayName(person), today, tomorrow, onToday, onTomorrow, appUrl });
      await queueMail({ ...mail, to: person.email, companyId });
      run.sent++;
    }
  }
  return run;
}

/** Runs the job now and then every `intervalMs` inside the server; errors are logged, not fatal. */
export function scheduleDigests(intervalMs = 10 * 60_000) {
  const tick = () =>
    runDigests().then(
      ({ sent }) => sent && console.log(`Sent ${sent} who's-off digest(s)`),
      (error) => console.error("Digest failed:", error),
    );
  void tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
