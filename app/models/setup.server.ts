// The set-up checklist company admins see on their first screens until the company is ready
// (docs/decisions/0017-onboarding.md): each item is a fact about the company's data, so it ticks
// itself when the work is done, wherever it was done.
import { Prisma } from "~/generated/prisma/client";
import { firstDayOfYear, lastDayOfYear, yearOf } from "~/lib/dates";
import { recordAudit } from "~/utils/audit.server";
import { getDb, readRows } from "~/utils/db.server";
import { isAdmin, requireAdmin, type Viewer } from "~/utils/permissions.server";

export const SETUP_STEPS = ["holidays", "teams", "people", "allowances"] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

export interface SetupChecklist {
  steps: { step: SetupStep; done: boolean }[];
}

interface ChecklistRow {
  dismissed: unknown;
  holidays: unknown;
  teams: unknown;
  people: unknown;
  invitations: unknown;
  withoutAllowance: unknown;
}

// SQLite answers EXISTS with 0 or 1 (as a number or a bigint), PostgreSQL with a boolean.
const yes = (value: unknown) => value === true || Number(value) === 1;

/** The checklist's one statement: each item only asks whether something exists, so each stops at its first row. */
export function setupChecklistSql(viewer: Viewer, year: number, now: Date): Prisma.Sql {
  return Prisma.sql`SELECT
      c."setupDismissedAt" IS NOT NULL AS "dismissed",
      EXISTS (SELECT 1 FROM "Holiday" h WHERE h."companyId" = c."id" AND h."date" >= ${firstDayOfYear(year)} AND h."date" <= ${lastDayOfYear(year)}) AS "holidays",
      EXISTS (SELECT 1 FROM "Team" t JOIN "TeamAdmin" ta ON ta."teamId" = t."id" JOIN "User" a ON a."id" = ta."userId" WHERE t."companyId" = c."id" AND a."deactivatedAt" IS NULL) AS "teams",
      EXISTS (SELECT 1 FROM "User" u WHERE u."companyId" = c."id" AND u."deactivatedAt" IS NULL LIMIT 1 OFFSET 1) AS "people",
      EXISTS (SELECT 1 FROM "Invitation" i WHERE i."companyId" = c."id" AND i."acceptedAt" IS NULL AND i."expiresAt" > ${now}) AS "invitations",
      EXISTS (SELECT 1 FROM "User" u WHERE u."companyId" = c."id" AND u."deactivatedAt" IS NULL
        AND NOT EXISTS (SELECT 1 FROM "Allowance" a WHERE a."userId" = u."id" AND a."year" = ${year})) AS "withoutAllowance"
    FROM "Company" c WHERE c."id" = ${viewer.companyId}`;
}

/** The checklist for a company admin, or null once it is done or dismissed (and for everyone else). */
export async function getSetupChecklist(viewer: Viewer, today: string, now = new Date()): Promise<SetupChecklist | null> {
  if (!isAdmin(viewer)) return null;
  // One statement, as this runs on every page an admin opens until the company is ready.
  const [row] = await readRows<ChecklistRow>(getDb(), setupChecklistSql(viewer, yearOf(today), now));
  if (!row) throw new Error(`No company ${viewer.companyId}`);
  if (yes(row.dismissed)) return null;
  const steps = [
    { step: "holidays" as const, done: yes(row.holidays) },
    { step: "teams" as const, done: yes(row.teams) },
    // Someone besides the first person, or on the way.
    { step: "people" as const, done: yes(row.people) || yes(row.invitations) },
    { step: "allowances" as const, done: !yes(row.withoutAllowance) },
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
