// Calendar feeds: token-protected iCal addresses of a person's own vacations, a team's or the whole
// company's (docs/decisions/0023-calendar-feeds.md). Each belongs to the person who made it, who
// alone renews (new address, the old one stops) or revokes it; both and the creation are audited.
// A feed is rendered as its owner each time it is fetched, so it never shows more than the owner
// may see then, and stops answering when the owner leaves, loses the team, or revokes it.
import { categoryName } from "~/components/absence-category-name";
import type { Prisma } from "~/generated/prisma/client";
import { languageOr } from "~/i18n";
import { feedEvent, feedWindow, isFeedScope, tokenOfFeedFile, type FeedEvent, type FeedScope } from "~/lib/calendar-feeds";
import { todayIn } from "~/lib/dates";
import { earliestStartReaching } from "~/lib/input-limits";
import { displayName } from "~/lib/people";
import { BLOCKING_STATUSES } from "~/lib/statuses";
import { changes, recordAudit } from "~/utils/audit.server";
import { getDb } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { AppError } from "~/utils/errors.server";
import { getT } from "~/utils/i18n.server";
import { asRole, assertAllowed, canSubscribeTo, isAdmin, seesVacationDetailsOf, type FeedTarget, type Viewer } from "~/utils/permissions.server";
import { generateToken, hashToken } from "~/utils/tokens.server";
import { feedEtag, renderIcs } from "./calendar-feed-ics.server";

type Client = Prisma.TransactionClient | ReturnType<typeof getDb>;

/** A fetch writes lastFetchedAt at most this often, however often calendar apps ask. */
export const LAST_FETCH_RESOLUTION_MS = 60_000;

const feedNotFound = () => new AppError(404, "not_found", "feeds.errors.notFound");

const ownFeedSelect = {
  id: true,
  scope: true,
  teamId: true,
  createdAt: true,
  renewedAt: true,
  lastFetchedAt: true,
  team: { select: { name: true } },
} satisfies Prisma.CalendarFeedSelect;

export type OwnFeed = Prisma.CalendarFeedGetPayload<{ select: typeof ownFeedSelect }> & { scope: FeedScope };

const asOwnFeed = <T extends { scope: string }>(feed: T) => ({ ...feed, scope: isFeedScope(feed.scope) ? feed.scope : "person" }) as T & { scope: FeedScope };

const SCOPE_ORDER: Record<FeedScope, number> = { person: 0, team: 1, company: 2 };

/** The viewer's feeds still in use (revoked ones are history: the audit keeps them). */
export async function listOwnFeeds(viewer: Viewer): Promise<OwnFeed[]> {
  const feeds = await getDb().calendarFeed.findMany({
    where: { companyId: viewer.companyId, ownerId: viewer.userId, revokedAt: null },
    select: ownFeedSelect,
    orderBy: { createdAt: "asc" },
  });
  return feeds.map(asOwnFeed).sort((a, b) => SCOPE_ORDER[a.scope] - SCOPE_ORDER[b.scope] || (a.team?.name ?? "").localeCompare(b.team?.name ?? ""));
}

/** The teams whose feed the viewer may make (canSubscribeTo), by name. */
export function listFeedTeams(viewer: Viewer) {
  const mine = [...new Set([viewer.teamId, ...viewer.adminOfTeamIds].filter((id): id is string => id !== null))];
  return getDb().team.findMany({
    where: { companyId: viewer.companyId, ...(isAdmin(viewer) ? {} : { id: { in: mine } }) },
    select: { id: true, name: true },
    orderBy: { name: "asc" },
  });
}

/**
 * A feed target the viewer names (a page's choice, a query's preselection): the team must be the
 * viewer's company's (404 otherwise, as for any other company's id) and one they may subscribe to
 * (403). Returns the team's name.
 */
export async function checkFeedTarget(viewer: Viewer, target: FeedTarget, client: Client = getDb()) {
  if (target.scope !== "team") return { teamName: null };
  if (!target.teamId) throw new AppError(400, "validation_failed", "feeds.errors.chooseTarget", { fields: { target: "feeds.errors.chooseTarget" } });
  const team = await client.team.findFirst({ where: { id: target.teamId, companyId: viewer.companyId }, select: { name: true } });
  if (!team) throw new AppError(404, "not_found", "errors.teamNotFound");
  assertAllowed(canSubscribeTo(viewer, target));
  return { teamName: team.name };
}

export interface IssuedFeed {
  feed: OwnFeed;
  /** Shown once: only its hash is kept. */
  token: string;
}

/**
 * A new feed of the viewer's. One per target: a second would be a second secret to keep, so the
 * page offers renewal instead (409 here).
 */
export async function createFeed(viewer: Viewer, target: FeedTarget): Promise<IssuedFeed> {
  const { companyId, userId } = viewer;
  const teamId = target.scope === "team" ? target.teamId : null;
  const token = generateToken();
  const feed = await getDb().$transaction(async (tx) => {
    await checkFeedTarget(viewer, target, tx);
    const existing = await tx.calendarFeed.findFirst({ where: { companyId, ownerId: userId, scope: target.scope, teamId, revokedAt: null }, select: { id: true } });
    if (existing) throw new AppError(409, "feed_exists", "feeds.errors.exists", { fields: { target: "feeds.errors.exists" } });
    const created = await tx.calendarFeed.create({ data: { companyId, ownerId: userId, scope: target.scope, teamId, tokenHash: hashToken(token) }, select: ownFeedSelect });
    await recordAudit(
      { companyId, actorId: userId, action: "calendar_feed.created", entity: "calendar_feed", entityId: created.id, details: { scope: { old: null, new: target.scope }, team_id: { old: null, new: teamId } } },
      tx,
    );
    return created;
  });
  return { feed: asOwnFeed(feed), token };
}

async function findOwnFeed(viewer: Viewer, id: string, tx: Client = getDb()) {
  const feed = await tx.calendarFeed.findFirst({ where: { id, companyId: viewer.companyId, ownerId: viewer.userId, revokedAt: null }, select: ownFeedSelect });
  if (!feed) throw feedNotFound();
  return asOwnFeed(feed);
}

/** One of the viewer's own feeds still in use (404 for anyone else's, or a revoked one). */
export function getOwnFeed(viewer: Viewer, id: string): Promise<OwnFeed> {
  return findOwnFeed(viewer, id);
}

/** A new address for one of the viewer's feeds; the old one stops answering at once. */
export async function renewFeed(viewer: Viewer, id: string, now = new Date()): Promise<IssuedFeed> {
  const token = generateToken();
  const feed = await getDb().$transaction(async (tx) => {
    const before = await findOwnFeed(viewer, id, tx);
    // A feed its owner may no longer have answers nobody: a new address for it would not either.
    assertAllowed(canSubscribeTo(viewer, before));
    const renewed = await tx.calendarFeed.update({ where: { id }, data: { tokenHash: hashToken(token), renewedAt: now, lastFetchedAt: null }, select: ownFeedSelect });
    await recordAudit(
      {
        companyId: viewer.companyId,
        actorId: viewer.userId,
        action: "calendar_feed.renewed",
        entity: "calendar_feed",
        entityId: id,
        details: { scope: before.scope, team_id: before.teamId, ...changes({ renewed_at: before.renewedAt?.toISOString() ?? null }, { renewed_at: now.toISOString() }) },
      },
      tx,
    );
    return renewed;
  });
  return { feed: asOwnFeed(feed), token };
}

/** Ends one of the viewer's feeds for good. */
export async function revokeFeed(viewer: Viewer, id: string, now = new Date()): Promise<OwnFeed> {
  return getDb().$transaction(async (tx) => {
    const feed = await findOwnFeed(viewer, id, tx);
    await tx.calendarFeed.update({ where: { id }, data: { revokedAt: now } });
    await recordAudit(
      {
        companyId: viewer.companyId,
        actorId: viewer.userId,
        action: "calendar_feed.revoked",
        entity: "calendar_feed",
        entityId: id,
        details: { scope: feed.scope, team_id: feed.teamId, ...changes({ revoked_at: null as string | null }, { revoked_at: now.toISOString() }) },
      },
      tx,
    );
    return feed;
  });
}

// ---- Fetching a feed (no session: the token is the credential) ----

const ownerSelect = {
  id: true,
  companyId: true,
  role: true,
  teamId: true,
  deactivatedAt: true,
  preferredLanguage: true,
  fullName: true,
  name: true,
  email: true,
  adminOf: { select: { teamId: true } },
  company: { select: { name: true, timeZone: true } },
} satisfies Prisma.UserSelect;

type FeedOwner = Prisma.UserGetPayload<{ select: typeof ownerSelect }>;

/** The owner as a Viewer, from the feed's own query. */
function ownerViewer(owner: FeedOwner): Viewer {
  return {
    userId: owner.id,
    companyId: owner.companyId,
    role: asRole(owner.role),
    isMaster: false,
    teamId: owner.teamId,
    adminOfTeamIds: owner.adminOf.map((a) => a.teamId),
    timeZone: owner.company.timeZone,
  };
}

export interface RenderedFeed {
  ics: string;
  etag: string;
}

const personSelect = { id: true, fullName: true, name: true, email: true, teamId: true } as const;

/**
 * The iCalendar document a feed address answers with, or null — the same null for an address
 * that never existed, one revoked or renewed, a deactivated owner and a team the owner may no
 * longer see, so an answer tells nothing about which. A fixed number of queries whatever the
 * feed's size; lastFetchedAt is written at most once a minute.
 */
export async function renderFeed(file: string, now = new Date()): Promise<RenderedFeed | null> {
  const token = tokenOfFeedFile(file);
  if (!token) return null;
  const db = getDb();
  const feed = await db.calendarFeed.findUnique({
    where: { tokenHash: hashToken(token) },
    select: { id: true, companyId: true, scope: true, teamId: true, revokedAt: true, lastFetchedAt: true, team: { select: { name: true } }, owner: { select: ownerSelect } },
  });
  if (!feed || feed.revokedAt || feed.owner.deactivatedAt || feed.owner.companyId !== feed.companyId || !isFeedScope(feed.scope)) return null;
  const viewer = ownerViewer(feed.owner);
  const scope = feed.scope;
  if (!canSubscribeTo(viewer, { scope, teamId: feed.teamId })) return null;

  const { from, to } = feedWindow(todayIn(viewer.timeZone, now));
  const whose: Prisma.VacationWhereInput =
    scope === "person" ? { userId: viewer.userId } : scope === "team" ? { user: { is: { teamId: feed.teamId } } } : {};
  const [vacations, categories] = await Promise.all([
    db.vacation.findMany({
      where: { companyId: viewer.companyId, status: { in: [...BLOCKING_STATUSES] }, endDate: { gte: from }, startDate: { gte: earliestStartReaching(from), lte: to }, ...whose },
      select: {
        id: true,
        userId: true,
        categoryId: true,
        startDate: true,
        endDate: true,
        halfDayStart: true,
        halfDayEnd: true,
        status: true,
        description: true,
        createdAt: true,
        updatedAt: true,
        // Deactivated people too: their vacations stay under their name (0014).
        user: { select: personSelect },
      },
      orderBy: [{ startDate: "asc" }, { id: "asc" }],
    }),
    db.absenceCategory.findMany({ where: { companyId: viewer.companyId }, select: { id: true, name: true } }),
    touchLastFetched(feed, now),
  ]);

  const t = getT(languageOr(feed.owner.preferredLanguage));
  const categoriesById = new Map(categories.map((c) => [c.id, c]));
  const people = new Map(vacations.map((a) => [a.userId, a.user]));
  const context = {
    scope,
    host: new URL(getEnv().APP_URL).hostname,
    t,
    categoryNameOf: (id: string) => categoryName(t, categoriesById.get(id), id),
    person: (userId: string) => {
      const person = people.get(userId);
      return person ? { name: displayName(person), detailed: seesVacationDetailsOf(viewer, person) } : { name: "", detailed: false };
    },
  };
  const events = vacations.map((vacation) => feedEvent(vacation, context)).filter((event): event is FeedEvent => event !== null);
  const subject = scope === "person" ? displayName(feed.owner) : scope === "team" ? (feed.team?.name ?? "") : feed.owner.company.name;
  const ics = renderIcs({
    name: t("feeds.calendarName", { app: t("app.name"), name: subject }),
    description: t(`feeds.calendarDescription.${scope}`, { name: subject }),
    events,
    busy: scope === "person",
  });
  return { ics, etag: feedEtag(ics) };
}

/** Records the fetch, unless one was recorded in the last minute (the read row says; the update re-checks for races). */
async function touchLastFetched(feed: { id: string; lastFetchedAt: Date | null }, now: Date) {
  const since = new Date(now.getTime() - LAST_FETCH_RESOLUTION_MS);
  if (feed.lastFetchedAt && feed.lastFetchedAt > since) return;
  await getDb().calendarFeed.updateMany({ where: { id: feed.id, OR: [{ lastFetchedAt: null }, { lastFetchedAt: { lte: since } }] }, data: { lastFetchedAt: now } });
}
