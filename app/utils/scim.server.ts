// SCIM 2.0 (RFC 7643/7644) at /scim/v2, for a company's directory to provision people
// (docs/decisions/0090-scim-provisioning.md). The protocol — schemas, filters, PATCH operations,
// list paging, error messages — is scimmy's; this module maps its resources onto the app's model
// functions, which keep their own rules and audit entries: Users are people (userName = e-mail),
// Groups are teams. A request carries a SCIM token (scim-token.server.ts) and acts as the company
// admin who made it, with an admin's rights at most; every change it makes is audited with the
// token beside that person, as an API token's are.
import SCIMMY from "scimmy";
import type { Prisma } from "~/generated/prisma/client";
import { emailField } from "~/lib/schemas/billing";
import { displayName } from "~/lib/people";
import { assertCompanyWritable } from "~/models/company-access.server";
import { provisionPerson } from "~/models/invitation.server";
import { authenticateScimToken } from "~/models/scim-token.server";
import { addMember, createTeam, deleteTeam, removeMember, renameTeam, setTeamOf } from "~/models/team.server";
import { deactivateUser, updateUser } from "~/models/user.server";
import { inApiCall, setActingToken } from "./api-call.server";
import { loadTokenViewer, type SignedInViewer } from "./auth.server";
import { getDb } from "./db.server";
import { getEnv } from "./env.server";
import { AppError } from "./errors.server";
import { getLanguage, getT } from "./i18n.server";
import { clientIp, consumeLimit, LIMITS } from "./rate-limit.server";

export const SCIM_CONTENT_TYPE = "application/scim+json";
/** The most a list answers at once (ServiceProviderConfig's filter.maxResults); also the default count. */
export const SCIM_MAX_RESULTS = 200;

interface Context {
  viewer: SignedInViewer;
  t: ReturnType<typeof getT>;
}

type ScimStatus = 400 | 401 | 403 | 404 | 409 | 500 | 501;

/** The app's refusals in SCIM's words: the status kept where SCIM has it, the message translated. */
type ScimError = InstanceType<typeof SCIMMY.Types.Error>;

function scimErrorOf(error: unknown, t: Context["t"]): ScimError {
  if (error instanceof SCIMMY.Types.Error) return error;
  if (error instanceof AppError) {
    // A read-only company (402) refuses changes: SCIM has no 402, and 403 says "not allowed now".
    const status = ([400, 401, 403, 404, 409].includes(error.status) ? error.status : error.status === 402 ? 403 : 400) as ScimStatus;
    const scimType = error.code === "email_taken" || error.code === "name_taken" ? "uniqueness" : status === 400 ? "invalidValue" : null;
    return new SCIMMY.Types.Error(status, scimType as string, t(error.message, error.params));
  }
  console.error(error);
  return new SCIMMY.Types.Error(500, null as unknown as string, t("errorPage.unexpected.body"));
}

/** Runs a resource handler with the app's errors turned into SCIM's (scimmy would call any other error a 404). */
async function mapped<T>(ctx: Context, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw scimErrorOf(error, ctx.t);
  }
}

const userSelect = { id: true, email: true, fullName: true, name: true, deactivatedAt: true, createdAt: true, updatedAt: true, team: { select: { id: true, name: true } } } as const;
type UserRow = { id: string; email: string; fullName: string | null; name: string | null; deactivatedAt: Date | null; createdAt: Date; updatedAt: Date; team: { id: string; name: string } | null };

/** Given name: the first word of the full name; family name: the rest (the app keeps one full name). */
function nameParts(fullName: string) {
  const [givenName, ...rest] = fullName.trim().split(/\s+/);
  return { givenName: givenName ?? "", familyName: rest.join(" ") };
}

function scimUser(user: UserRow) {
  const fullName = user.fullName || displayName(user);
  return {
    id: user.id,
    userName: user.email,
    name: { formatted: fullName, ...nameParts(fullName) },
    displayName: fullName,
    active: user.deactivatedAt === null,
    emails: [{ value: user.email, type: "work", primary: true }],
    groups: user.team && user.deactivatedAt === null ? [{ value: user.team.id, display: user.team.name, type: "direct" }] : [],
    meta: { created: user.createdAt, lastModified: user.updatedAt },
  };
}

/** Deactivated people stay visible (active: false): a directory reconciles its leavers by them. */
async function findUser(viewer: SignedInViewer, id: string): Promise<UserRow> {
  const user = await getDb().user.findFirst({ where: { id, companyId: viewer.companyId }, select: userSelect });
  if (!user) throw new AppError(404, "not_found", "errors.userNotFound");
  return user;
}

function fullNameOf(instance: SCIMMY.Schemas.User): string {
  const name = instance.name ?? {};
  const joined = [name.givenName, name.familyName].filter((part) => part?.trim()).join(" ");
  return (joined || name.formatted || instance.displayName || "").trim();
}

function emailOf(instance: SCIMMY.Schemas.User): string {
  const parsed = emailField("scim.validation.emailInvalid").safeParse(instance.userName ?? "");
  if (!parsed.success) throw new AppError(400, "validation_failed", "scim.validation.emailInvalid");
  return parsed.data.toLowerCase();
}

async function writeUser(resource: SCIMMY.Resources.User, instance: SCIMMY.Schemas.User, { viewer }: Context) {
  const email = emailOf(instance);
  const fullName = fullNameOf(instance);
  if (!resource.id) {
    if (instance.active === false) throw new AppError(400, "validation_failed", "scim.validation.createInactive");
    const created = await provisionPerson(viewer, { email, fullName });
    return scimUser(await findUser(viewer, created.id));
  }
  const before = await findUser(viewer, resource.id);
  // The e-mail is the person's sign-in and the key of their history: the directory may not rename it.
  if (email !== before.email.toLowerCase()) throw new AppError(400, "validation_failed", "scim.validation.userNameFixed");
  if (before.deactivatedAt) {
    if (instance.active !== false) throw new AppError(409, "deactivated", "scim.errors.reactivation");
    return scimUser(before);
  }
  if (fullName && fullName !== before.fullName) await updateUser(viewer, before.id, { fullName });
  if (instance.active === false) await deactivateUser(viewer, before.id);
  return scimUser(await findUser(viewer, before.id));
}

async function readUsers(resource: SCIMMY.Resources.User, { viewer }: Context) {
  if (resource.id) return scimUser(await findUser(viewer, resource.id));
  const rows = await getDb().user.findMany({ where: { companyId: viewer.companyId }, select: userSelect, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  const users = rows.map(scimUser);
  return resource.filter ? resource.filter.match(users) : users;
}

/** DELETE deactivates (history stays, as the Users tab's delete does); erasing data is the account deletion's. */
async function disposeUser(resource: SCIMMY.Resources.User, { viewer }: Context) {
  const user = await findUser(viewer, resource.id!);
  if (!user.deactivatedAt) await deactivateUser(viewer, user.id);
}

const teamSelect = {
  id: true,
  name: true,
  createdAt: true,
  members: { where: { deactivatedAt: null }, select: { id: true, email: true, fullName: true, name: true }, orderBy: [{ fullName: "asc" }, { email: "asc" }] },
} satisfies Prisma.TeamSelect;
type TeamRow = { id: string; name: string; createdAt: Date; members: { id: string; email: string; fullName: string | null; name: string | null }[] };

function scimGroup(team: TeamRow) {
  return {
    id: team.id,
    displayName: team.name,
    members: team.members.map((member) => ({ value: member.id, display: displayName(member), type: "User" })),
    meta: { created: team.createdAt },
  };
}

async function findTeam(viewer: SignedInViewer, id: string): Promise<TeamRow> {
  const team = await getDb().team.findFirst({ where: { id, companyId: viewer.companyId }, select: teamSelect });
  if (!team) throw new AppError(404, "not_found", "errors.teamNotFound");
  return team;
}

async function readGroups(resource: SCIMMY.Resources.Group, { viewer }: Context) {
  if (resource.id) return scimGroup(await findTeam(viewer, resource.id));
  const rows = await getDb().team.findMany({ where: { companyId: viewer.companyId }, select: teamSelect, orderBy: [{ name: "asc" }, { id: "asc" }] });
  const groups = rows.map(scimGroup);
  return resource.filter ? resource.filter.match(groups) : groups;
}

/**
 * A group's members become the team's: a person belongs to one team, so adding someone to a group
 * moves them out of their former team (team.server.ts's rule); members left out leave the team.
 */
async function writeGroup(resource: SCIMMY.Resources.Group, instance: SCIMMY.Schemas.Group, { viewer }: Context) {
  const name = (instance.displayName ?? "").trim();
  const wanted = [...new Set((instance.members ?? []).map((member) => String(member.value ?? "")))];
  const team = resource.id ? await findTeam(viewer, resource.id) : await createTeam(viewer, name);
  if (resource.id && name && name !== team.name) await renameTeam(viewer, team.id, name);
  const current = new Set(team.members.map((member) => member.id));
  for (const member of team.members) if (!wanted.includes(member.id)) await removeMember(viewer, team.id, member.id);
  for (const id of wanted) if (!current.has(id)) await addMember(viewer, team.id, id);
  return scimGroup(await findTeam(viewer, team.id));
}

/** A group deleted in the directory: its members stay people of the company, in no team. */
async function disposeGroup(resource: SCIMMY.Resources.Group, { viewer }: Context) {
  const team = await findTeam(viewer, resource.id!);
  for (const member of team.members) await setTeamOf(viewer, member.id, null);
  await deleteTeam(viewer, team.id);
}

let declared = false;

/** scimmy's registry is global: declared once, with handlers that read the company from each call's context. */
function declareScim() {
  if (declared) return;
  declared = true;
  const base = `${getEnv().APP_URL}/scim/v2`;
  SCIMMY.Config.set({
    documentationUri: `${getEnv().APP_URL}/api/docs`,
    patch: { supported: true },
    filter: { supported: true, maxResults: SCIM_MAX_RESULTS },
    bulk: { supported: false },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      { type: "oauthbearertoken", name: "SCIM token", description: "Authorization: Bearer scim_…, made by a company admin under Company settings → Provisioning", primary: true },
    ],
  });
  SCIMMY.Resources.User.basepath(base);
  SCIMMY.Resources.Group.basepath(base);
  SCIMMY.Resources.User.ingress((resource, instance, ctx: Context) => mapped(ctx, () => writeUser(resource, instance, ctx)))
    .egress((resource, ctx: Context) => mapped(ctx, () => readUsers(resource, ctx)))
    .degress((resource, ctx: Context) => mapped(ctx, () => disposeUser(resource, ctx)));
  SCIMMY.Resources.Group.ingress((resource, instance, ctx: Context) => mapped(ctx, () => writeGroup(resource, instance, ctx)))
    .egress((resource, ctx: Context) => mapped(ctx, () => readGroups(resource, ctx)))
    .degress((resource, ctx: Context) => mapped(ctx, () => disposeGroup(resource, ctx)));
  SCIMMY.Resources.declare(SCIMMY.Resources.User);
  SCIMMY.Resources.declare(SCIMMY.Resources.Group);
  SCIMMY.Resources.ServiceProviderConfig.basepath(base);
  SCIMMY.Resources.ResourceType.basepath(base);
  SCIMMY.Resources.Schema.basepath(base);
}

function scimJson(body: unknown, status = 200, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": SCIM_CONTENT_TYPE, "Cache-Control": "no-store", ...headers } });
}

function errorResponse(error: ScimError, headers: Record<string, string> = {}) {
  const message = new SCIMMY.Messages.Error(error);
  return scimJson(message, Number(message.status), headers);
}

async function readBody(request: Request): Promise<unknown> {
  const text = await request.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new SCIMMY.Types.Error(400, "invalidSyntax", "The body is not JSON");
  }
}

/** startIndex and count: whole numbers or absent (RFC 7644 §3.4.2.4); count at most SCIM_MAX_RESULTS. */
function listParams(url: URL) {
  const number = (name: string) => {
    const raw = url.searchParams.get(name);
    if (raw === null || raw === "") return undefined;
    if (!/^-?\d{1,9}$/.test(raw)) throw new SCIMMY.Types.Error(400, "invalidValue", `${name} must be a whole number`);
    return Number(raw);
  };
  // scimmy reads a parameter that is present at all, so an absent one must be left out, not undefined.
  const texts = Object.fromEntries(["filter", "attributes", "excludedAttributes"].flatMap((name) => (url.searchParams.get(name) ? [[name, url.searchParams.get(name)!]] : [])));
  return {
    ...texts,
    startIndex: Math.max(1, number("startIndex") ?? 1),
    count: Math.min(SCIM_MAX_RESULTS, Math.max(0, number("count") ?? SCIM_MAX_RESULTS)),
  } as { filter?: string; attributes?: string; excludedAttributes?: string; startIndex: number; count: number };
}

const RESOURCES = { Users: SCIMMY.Resources.User, Groups: SCIMMY.Resources.Group } as const;

async function dispatch(request: Request, path: string[], ctx: Context): Promise<Response> {
  const url = new URL(request.url);
  const [kind, id, ...rest] = path;
  const method = request.method;
  const notFound = () => new SCIMMY.Types.Error(404, null as unknown as string, ctx.t("errors.notFound"));
  const notAllowed = () => new SCIMMY.Types.Error(403, null as unknown as string, ctx.t("errors.forbidden"));
  if (rest.length) throw notFound();
  if (kind === "ServiceProviderConfig" && !id) {
    if (method !== "GET") throw notAllowed();
    return scimJson(await new SCIMMY.Resources.ServiceProviderConfig().read());
  }
  if (kind === "ResourceTypes" || kind === "Schemas") {
    if (method !== "GET") throw notAllowed();
    const Kind = kind === "ResourceTypes" ? SCIMMY.Resources.ResourceType : SCIMMY.Resources.Schema;
    return scimJson(await new Kind(id).read());
  }
  if (kind !== "Users" && kind !== "Groups") throw notFound();
  const Resource = RESOURCES[kind];
  if (!id) {
    if (method === "GET") return scimJson(await new Resource(undefined, listParams(url)).read(ctx));
    if (method === "POST") {
      await assertCompanyWritable(ctx.viewer, request);
      const created = (await new Resource().write(await readBody(request), ctx)) as { id: string; meta?: { location?: string } };
      return scimJson(created, 201, created.meta?.location ? { Location: created.meta.location } : {});
    }
    throw notAllowed();
  }
  const one = () => {
    const { attributes, excludedAttributes } = listParams(url);
    return new Resource(id, { ...(attributes ? { attributes } : {}), ...(excludedAttributes ? { excludedAttributes } : {}) });
  };
  if (method === "GET") return scimJson(await one().read(ctx));
  await assertCompanyWritable(ctx.viewer, request);
  if (method === "PUT") return scimJson(await one().write(await readBody(request), ctx));
  if (method === "PATCH") {
    const patched = await one().patch((await readBody(request)) as Parameters<SCIMMY.Types.Resource["patch"]>[0], ctx);
    return patched ? scimJson(patched) : new Response(null, { status: 204 });
  }
  if (method === "DELETE") {
    await one().dispose(ctx);
    return new Response(null, { status: 204 });
  }
  throw notAllowed();
}

/**
 * One /scim/v2 request, `path` being what follows /scim/v2/. Counted against the client address's
 * limit first (before the token is even looked at, so guessing tokens costs the same), then the
 * token; every answer is SCIM JSON, every refusal a SCIM Error with its status.
 */
export function handleScim(request: Request, path: string): Promise<Response> {
  return inApiCall(async () => {
    const t = getT(await getLanguage(request));
    try {
      declareScim();
      await consumeLimit(LIMITS.scimPerAddress, clientIp(request));
      const header = request.headers.get("Authorization") ?? "";
      const token = /^bearer\s/i.test(header) ? await authenticateScimToken(header.slice(7).trim()) : null;
      const viewer = token ? await loadTokenViewer(token.creatorId, token.companyId, { id: token.id, name: token.name, role: "admin" }) : null;
      if (!token || !viewer) {
        return errorResponse(new SCIMMY.Types.Error(401, null as unknown as string, t("auth.notAuthenticated")), { "WWW-Authenticate": 'Bearer realm="scim"' });
      }
      setActingToken({ id: token.id, name: token.name });
      return await dispatch(request, path.split("/").filter(Boolean), { viewer, t });
    } catch (error) {
      if (error instanceof AppError && error.status === 429) {
        return scimJson({ schemas: [SCIMMY.Messages.Error.id], status: "429", detail: t(error.message, error.params) }, 429, { "Retry-After": String(Math.ceil(error.retryAfterSeconds ?? 60)) });
      }
      // scimmy's own refusals of bad input (a broken filter, a PatchOp that is not one) are TypeErrors or SCIM errors.
      if (error instanceof TypeError) return errorResponse(new SCIMMY.Types.Error(400, "invalidSyntax", error.message));
      return errorResponse(scimErrorOf(error, t));
    }
  });
}
