// The set-up checklist company admins see on their first screens until the company is ready
// (docs/decisions/0017-onboarding.md): each item is a fact about the company's data, so it ticks
// itself when the work is done, wherever it was done.
import { firstDayOfYear, lastDayOfYear, yearOf } from "~/lib/dates";
import { recordAudit } from "~/utils/audit.server";
import { getDb } from "~/utils/db.server";
import { isAdmin, requireAdmin, type Viewer } from "~/utils/permissions.server";

export const SETUP_STEPS = ["holidays", "teams", "people", "allowances"] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

export interface SetupChecklist {
  steps: { step: SetupStep; done: boolean }[];
}

/** The checklist for a company admin, or null once it is done or dismissed (and for everyone else). */
export async function getSetupChecklist(viewer: Viewer, today: string): Promise<SetupChecklist | null> {
  if (!isAdmin(viewer)) return null;
  const db = getDb();
  const { companyId } = viewer;
  const year = yearOf(today);
  const company = await db.company.findUniqueOrThrow({ where: { id: companyId }, select: { setupDismissedAt: true } });
  if (company.setupDismissedAt) return null;
  const [holidays, teamsWithAdmin, people, invitations, withoutAllowance] = await Promise.all([
    db.holiday.count({ where: { companyId, date: { gte: firstDayOfYear(year), lte: lastDayOfYear(year) } } }),
    db.team.count({ where: { companyId, admins: { some: { user: { deactivatedAt: null } } } } }),
    db.user.count({ where: { companyId, deactivatedAt: null } }),
    db.invitation.count({ where: { companyId, acceptedAt: null, expiresAt: { gt: new Date() } } }),
    db.user.count({ where: { companyId, deactivatedAt: null, allowances: { none: { year } } } }),
  ]);
  const steps = [
    { step: "holidays" as const, done: holidays > 0 },
    { step: "teams" as const, done: teamsWithAdmin > 0 },
    // Someone besides the first person, or on the way.
    { step: "people" as const, done: people > 1 || invitations > 0 },
    { step: "allowances" as const, done: withoutAllowance === 0 },
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
