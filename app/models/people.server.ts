// The company's people as company admins manage them (the Users tab): a searchable, paged list
// with each person's allowances of a year, one person with their allowances, and the one change
// that spans a person's profile and their team.
import { compareNames, displayName } from "~/lib/people";
import { matchesSearch } from "~/lib/text-search";
import { getDb } from "~/utils/db.server";
import { requireAdmin, type Viewer } from "~/utils/permissions.server";
import { effectiveAllowance } from "./allowance.server";
import { setTeamOf } from "./team.server";
import { getUser, publicUserSelect, updateUser, type UserChanges } from "./user.server";

export interface PeopleQuery {
  /** Part of a name or e-mail; case and accents do not matter. */
  search: string;
  /** A team's people, or (null) those in no team; undefined: everyone. */
  teamId?: string | null;
  year: number;
  offset: number;
  limit: number;
}

const allowanceSelect = { userId: true, year: true, yearly: true, residual: true, specialLeave: true } as const;

/**
 * A page of the company's active people, by name, with their allowances of `query.year` (that
 * year's row, or the yearly allowance carried from an earlier year as requests count it; see
 * effectiveAllowance). Three queries whatever the company's size: the search reads names and
 * e-mails of everyone and matches in memory, so it folds accents the same on SQLite and
 * PostgreSQL; photos and allowances are read for the page's people only.
 */
export async function listPeople(viewer: Viewer, query: PeopleQuery) {
  requireAdmin(viewer);
  const { companyId } = viewer;
  const db = getDb();
  const candidates = await db.user.findMany({
    where: { companyId, deactivatedAt: null, ...(query.teamId !== undefined ? { teamId: query.teamId } : {}) },
    select: { id: true, email: true, fullName: true, name: true },
  });
  const matching = candidates
    .filter((person) => matchesSearch(person, query.search))
    .sort((a, b) => compareNames(displayName(a), displayName(b)) || a.email.localeCompare(b.email));
  const pageIds = matching.slice(query.offset, query.offset + query.limit).map((person) => person.id);
  const [rows, allowances] = pageIds.length
    ? await Promise.all([
        db.user.findMany({ where: { companyId, id: { in: pageIds } }, select: publicUserSelect }),
        db.allowance.findMany({ where: { companyId, userId: { in: pageIds }, year: { lte: query.year } }, select: allowanceSelect }),
      ])
    : [[], []];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const items = pageIds.flatMap((id) => {
    const person = byId.get(id);
    if (!person) return [];
    const allowance = effectiveAllowance(
      allowances.filter((row) => row.userId === id),
      query.year,
    );
    return [{ ...person, allowance: allowance && { ...allowance, setForYear: allowances.some((row) => row.userId === id && row.year === query.year) } }];
  });
  return { items, total: matching.length, offset: query.offset, limit: query.limit };
}

/** One active person of the viewer's company with their allowance rows, latest year first. */
export async function getPerson(viewer: Viewer, id: string) {
  requireAdmin(viewer);
  const person = await getUser(viewer, id);
  const allowances = await getDb().allowance.findMany({ where: { companyId: viewer.companyId, userId: person.id }, select: allowanceSelect, orderBy: { year: "desc" } });
  return { ...person, allowances };
}

export interface PersonChanges extends UserChanges {
  /** A team of the company, or null for none; undefined leaves it. */
  teamId?: string | null;
}

/** Profile, role, work place and team in one transaction: all of it is saved, or none. */
export function updatePerson(viewer: Viewer, id: string, input: PersonChanges) {
  const { teamId, ...profile } = input;
  return getDb().$transaction(async (tx) => {
    const user = await updateUser(viewer, id, profile, tx);
    if (teamId === undefined) return user;
    await setTeamOf(viewer, id, teamId, tx);
    return { ...user, teamId };
  });
}
