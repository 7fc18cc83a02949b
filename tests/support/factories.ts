// Small builders for integration tests. They write through Prisma like the app does.
import { randomUUID } from "node:crypto";
import { DEFAULT_CATEGORIES } from "~/models/absence-category.server";
import { loadViewer } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { hashPassword } from "~/utils/password.server";

export const TEST_PASSWORD = "correct-horse-battery";
let passwordHash: Promise<string> | undefined;

export async function createCompany(name = `Company ${randomUUID().slice(0, 8)}`) {
  const company = await getDb().company.create({ data: { name } });
  await getDb().absenceCategory.createMany({ data: DEFAULT_CATEGORIES.map((c) => ({ ...c, companyId: company.id })) });
  return company;
}

export async function createUser(
  companyId: string,
  fields: { role?: string; email?: string; fullName?: string; isMaster?: boolean; teamId?: string; preferredLanguage?: string } = {},
) {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  return getDb().user.create({
    data: {
      companyId,
      email: fields.email ?? `${randomUUID().slice(0, 12)}@example.test`,
      fullName: fields.fullName ?? null,
      role: fields.role ?? "user",
      isMaster: fields.isMaster ?? false,
      teamId: fields.teamId ?? null,
      preferredLanguage: fields.preferredLanguage ?? null,
      passwordHash: await passwordHash,
      emailVerifiedAt: new Date(),
    },
  });
}

export async function createTeam(companyId: string, name: string, adminIds: string[] = []) {
  const team = await getDb().team.create({ data: { companyId, name } });
  if (adminIds.length) await getDb().teamAdmin.createMany({ data: adminIds.map((userId) => ({ teamId: team.id, userId })) });
  return team;
}

export async function createVacation(
  companyId: string,
  userId: string,
  fields: { startDate: string; endDate: string; status?: string },
) {
  return getDb().vacation.create({ data: { companyId, userId, ...fields } });
}

/** The Viewer the sign-in checks would give this (active) person. */
export async function viewerFor(user: { id: string }) {
  const viewer = await loadViewer(user.id);
  if (!viewer) throw new Error(`No active user ${user.id}`);
  return viewer;
}
