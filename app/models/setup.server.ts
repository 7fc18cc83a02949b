// The set-up checklist company admins see on their first screens until the company is ready
// (docs/decisions/0017-onboarding.md): each item is a fact about the company's data, so it ticks
// itself when the work is done, wherever it was done.
import type { Prisma } from "~/generated/prisma/client";
import { firstDayOfYear, lastDayOfYear, yearOf } from "~/lib/dates";
import { leaveYearOf } from "~/lib/leave-year";
import { recordAudit } from "~/utils/audit.server";
import { getDb } from "~/utils/db.server";
import { isAdmin, requireAdmin, type Viewer } from "~/utils/permissions.server";

export const SETUP_STEPS = ["holidays", "teams", "people", "allowances"] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

export interface SetupChecklist {
  steps: { step: SetupStep; done: boolean }[];
}

const first = { select: { id: true }, take: 1 } as const;

/**
 * What the checklist asks of the company: each item only whether something exists, so each reads
 * at most its first row (a company may hold decades of holidays), the people two. Not `_count`:
 * the client counts every company's rows and then picks this one's.
 */
export function setupChecklistSelect(year: number, now: Date) {
  return {
    setupDismissedAt: true,
    holidays: { where: { date: { gte: firstDayOfYear(year), lte: lastDayOfYear(year) } }, ...first },
    teams: { where: { admins: { some: { user: { deactivatedAt: null } } } }, ...first },
    users: { where: { deactivatedAt: null }, select: { id: true }, take: 2 },
    invitations: { where: { acceptedAt: null, expiresAt: { gt: now } }, ...first },
  } satisfies Prisma.CompanySelect;
}

/** The checklist for a company admin, or null once it is done or dismissed (and for everyone else). */
export async function getSetupChecklist(viewer: Viewer, today: string, now = new Date()): Promise<SetupChecklist | null> {
  if (!isAdmin(viewer)) return null;
  const year = yearOf(today);
  // The leave year holding today: its allowances are the ones people need (decision 0080).
  const leaveYear = leaveYearOf(today, viewer.companyLeaveYearStartMonth ?? 1).year;
  const db = getDb();
  // Read side by side, as this runs on every page an admin opens until the company is ready.
  const [company, withoutAllowance] = await Promise.all([
    db.company.findUnique({ where: { id: viewer.companyId }, select: setupChecklistSelect(year, now) }),
    db.user.findFirst({ where: { companyId: viewer.companyId, deactivatedAt: null, allowances: { none: { year: leaveYear } } }, select: { id: true } }),
  ]);
  if (!company) throw new Error(`No company ${viewer.companyId}`);
  if (company.setupDismissedAt) return null;
  const steps = [
    { step: "holidays" as const, done: company.holidays.length > 0 },
    { step: "teams" as const, done: company.teams.length > 0 },
    // Someone besides the first person, or on the way.
    { step: "people" as const, done: company.users.length > 1 || company.invitations.length > 0 },
    { step: "allowances" as const, done: !withoutAllowance },
  ];
  return steps.every((s) => s.done) ? null : { steps };
}

/** "Hide the checklist": for good, for the whole company. */
export async function dismissSetupChecklist(viewer: Viewer, now = new Date()) {
  requireAdmin(viewer);
  await getDb().$transaction(async (tx) => {
    const { count } = await tx.company.updateMany({ where: { id: viewer.companyId, setupDismissedAt: null }, data: { setupDismissedAt: now } });
    if (count) await recordAudit({ companyId: viewer.companyId, actorId: viewer.userId, action: "company.setup_dismissed", entity: "company", entityId: viewer.companyId }, tx);
  });
}
