// Calendar feeds: the signed-in person's iCal subscriptions — make one (their vacations, a team's,
// the company's), see when each was last fetched, renew its address or revoke it (both asked
// first, with and without JavaScript). `?scope=person|company` and `?scope=team&team=<id>`
// preselect what a new feed shows (My Calendar and the company calendar link here). The address is
// shown once, in the answer to the POST that made it: only its hash is kept.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction, LinksFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { ActionNotice } from "~/components/action-notice";
import { ConfirmationStep, ConfirmSubmitButton, type Confirmation } from "~/components/confirm";
import { DateText } from "~/components/date-text";
import { FeedAddress, type IssuedAddress } from "~/components/feed-address";
import { dateAndTimeIn, feedLabel, isFeedScope, subscribeAddresses, type FeedNames, type FeedScope } from "~/lib/calendar-feeds";
import { pageTitle } from "~/lib/meta";
import { displayName } from "~/lib/people";
import { DIGEST_SCOPES, isDigestScope } from "~/lib/digest";
import { getDigestScope, setDigestScope } from "~/models/digest.server";
import { checkFeedTarget, createFeed, getOwnFeed, listFeedTeams, listOwnFeeds, renewFeed, revokeFeed, type IssuedFeed } from "~/models/calendar-feed.server";
import type { SignedInViewer } from "~/utils/auth.server";
import { requireUser } from "~/utils/auth.server";
import { confirmationStep, needsConfirmation } from "~/utils/confirmation.server";
import { getEnv } from "~/utils/env.server";
import { AppError } from "~/utils/errors.server";
import { noticeOf, withActionErrors, withPageErrors, type ActionReply } from "~/utils/form-errors.server";
import { readFormData } from "~/utils/http.server";
import { getLanguage, getT } from "~/utils/i18n.server";
import { canSubscribeTo, type FeedTarget } from "~/utils/permissions.server";
import calendarFeedsStyles from "~/styles/calendar-feeds.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: calendarFeedsStyles },
];

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "feeds.title");

/** A target as the form posts it: "person", "company" or "team:<id>". */
function targetValue(target: FeedTarget): string {
  return target.scope === "team" ? `team:${target.teamId}` : target.scope;
}

function parseTarget(value: unknown): FeedTarget | null {
  if (typeof value !== "string") return null;
  if (value.startsWith("team:")) return value.length > 5 ? { scope: "team", teamId: value.slice(5) } : null;
  return value === "person" || value === "company" ? { scope: value, teamId: null } : null;
}

/** The query's preselection: another company's team is a 404, a team the viewer may not have a 403. */
async function readPreselection(viewer: SignedInViewer, params: URLSearchParams): Promise<string | null> {
  const scope = params.get("scope");
  if (!isFeedScope(scope)) return null;
  if (scope !== "team") return scope;
  const teamId = params.get("team");
  if (!teamId) return null;
  await checkFeedTarget(viewer, { scope, teamId });
  return targetValue({ scope, teamId });
}

function namesOf(viewer: SignedInViewer, teamName: string | null = null): FeedNames {
  return { person: displayName(viewer.user), company: viewer.user.company.name, team: teamName };
}

export function loader({ request, context }: LoaderFunctionArgs) {
  return withPageErrors(async () => {
    const viewer = await requireUser({ request, context });
    const preselected = await readPreselection(viewer, new URL(request.url).searchParams);
    const [feeds, teams, digest] = await Promise.all([listOwnFeeds(viewer), listFeedTeams(viewer), getDigestScope(viewer)]);
    const taken = new Set(feeds.map((feed) => targetValue(feed)));
    const targets: { value: string; scope: FeedScope; teamName: string | null }[] = [
      { value: "person", scope: "person", teamName: null },
      ...teams.map((team) => ({ value: targetValue({ scope: "team", teamId: team.id }), scope: "team" as const, teamName: team.name })),
      { value: "company", scope: "company", teamName: null },
    ];
    const at = (instant: Date) => dateAndTimeIn(instant, viewer.timeZone);
    return {
      names: namesOf(viewer),
      preselected,
      digest,
      targets: targets.map((target) => ({ ...target, taken: taken.has(target.value) })),
      feeds: feeds.map((feed) => ({
        id: feed.id,
        scope: feed.scope,
        teamName: feed.team?.name ?? null,
        createdOn: at(feed.createdAt).date,
        renewedOn: feed.renewedAt ? at(feed.renewedAt).date : null,
        lastFetched: feed.lastFetchedAt ? at(feed.lastFetchedAt) : null,
        // A feed of a team the owner left answers nobody until they are back (canSubscribeTo).
        working: canSubscribeTo(viewer, feed),
      })),
    };
  });
}

interface FeedsReply extends ActionReply {
  issued?: IssuedAddress;
  /** A locale key shown next to the target select. */
  targetError?: string;
}

function issuedReply(viewer: SignedInViewer, language: Awaited<ReturnType<typeof getLanguage>>, { feed, token }: IssuedFeed, noticeKey: string) {
  const label = feedLabel(getT(language), feed.scope, namesOf(viewer, feed.team?.name));
  return data<FeedsReply>({
    notice: { tone: "success", key: noticeKey, values: { label } },
    issued: { feedId: feed.id, label, ...subscribeAddresses(getEnv().APP_URL, token) },
  });
}

/** A refusal: the action's failure line and the model's reason, with its status. */
function refused(error: unknown, key: string) {
  if (!(error instanceof AppError)) throw error;
  const targetError = error.fields.target;
  return data<FeedsReply>({ notice: noticeOf(error, key), ...(targetError ? { targetError } : {}) }, { status: error.status });
}

export function action({ request }: ActionFunctionArgs) {
  return withActionErrors(async () => {
    const viewer = await requireUser(request);
    const formData = await readFormData(request);
    const language = await getLanguage(request);
    const intent = formData.get("intent");
    if (intent === "create") {
      try {
        const target = parseTarget(formData.get("target"));
        if (!target) throw new AppError(400, "validation_failed", "feeds.errors.chooseTarget", { fields: { target: "feeds.errors.chooseTarget" } });
        return issuedReply(viewer, language, await createFeed(viewer, target), "feeds.notices.created");
      } catch (error) {
        return refused(error, "feeds.errors.createFailed");
      }
    }
    if (intent === "digest") {
      try {
        const scope = formData.get("digest");
        if (!isDigestScope(scope)) throw new AppError(400, "validation_failed", "digest.errors.choose");
        await setDigestScope(viewer, scope);
        return data<FeedsReply>({ notice: { tone: "success", key: "digest.saved" } });
      } catch (error) {
        return refused(error, "digest.saveFailed");
      }
    }
    if (intent === "renew" || intent === "revoke") {
      const failed = intent === "renew" ? "feeds.errors.renewFailed" : "feeds.errors.revokeFailed";
      try {
        const id = String(formData.get("feedId") ?? "");
        // Someone else's or a revoked feed is refused before any question is asked.
        const feed = await getOwnFeed(viewer, id);
        if (needsConfirmation(formData)) return confirmationStep(formData);
        if (intent === "renew") return issuedReply(viewer, language, await renewFeed(viewer, id), "feeds.notices.renewed");
        await revokeFeed(viewer, id);
        const label = feedLabel(getT(language), feed.scope, namesOf(viewer, feed.team?.name));
        return data<FeedsReply>({ notice: { tone: "success", key: "feeds.notices.revoked", values: { label } } });
      } catch (error) {
        return refused(error, failed);
      }
    }
    throw new AppError(400, "unknown_intent", "errors.invalidBody");
  });
}

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;
type FeedRow = Loaded["feeds"][number];

export default function CalendarFeeds() {
  const { t } = useTranslation();
  const { names, feeds } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as FeedsReply | undefined;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const labelOf = (feed: { scope: FeedScope; teamName: string | null }) => feedLabel(t, feed.scope, { ...names, team: feed.teamName });
  const confirmationFor = (intent: string, label: string): Confirmation =>
    intent === "renew"
      ? { title: t("feeds.confirm.renewTitle"), question: t("feeds.confirm.renewQuestion", { label }), confirm: t("feeds.confirm.renewYes"), cancel: t("feeds.confirm.no") }
      : { title: t("feeds.confirm.revokeTitle"), question: t("feeds.confirm.revokeQuestion", { label }), confirm: t("feeds.confirm.revokeYes"), cancel: t("feeds.confirm.no") };
  const step = reply?.confirm;
  const stepFeed = step ? feeds.find((feed) => feed.id === step.fields.feedId) : undefined;
  return (
    <div className="feeds-page">
      <h1 className="page__title">{t("feeds.title")}</h1>
      <div className="feeds-page__intro">
        <p>{t("feeds.intro")}</p>
        <p className="muted">{t("feeds.privacy")}</p>
      </div>
      <ActionNotice notice={reply?.notice} />
      {step && stepFeed ? <ConfirmationStep fields={step.fields} confirmation={confirmationFor(step.fields.intent, labelOf(stepFeed))} /> : null}
      {reply?.issued ? <FeedAddress key={reply.issued.url} issued={reply.issued} /> : null}
      <div className="feeds-page__grid">
        <FeedList feeds={feeds} labelOf={labelOf} confirmationFor={confirmationFor} busy={busy} />
        <CreateFeed labelOf={labelOf} targetError={reply?.targetError} justIssued={Boolean(reply?.issued)} busy={busy} />
        <DigestChoice busy={busy} />
      </div>
    </div>
  );
}

interface FeedListProps {
  feeds: FeedRow[];
  labelOf: (feed: { scope: FeedScope; teamName: string | null }) => string;
  confirmationFor: (intent: string, label: string) => Confirmation;
  busy: boolean;
}

function FeedList({ feeds, labelOf, confirmationFor, busy }: FeedListProps) {
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby="feeds-list-heading">
      <h2 id="feeds-list-heading" className="card__title">
        {t("feeds.list.title")}
      </h2>
      {feeds.length === 0 ? (
        <div className="empty-state" data-testid="feeds-empty">
          <p>{t("feeds.list.empty")}</p>
        </div>
      ) : (
        <>
          <div className="table-wrap">
            <table className="table feeds-table">
              <thead>
                <tr>
                  <th scope="col">{t("feeds.list.calendar")}</th>
                  <th scope="col">{t("feeds.list.created")}</th>
                  <th scope="col">{t("feeds.list.lastFetched")}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t("feeds.list.actions")}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {feeds.map((feed) => {
                  const label = labelOf(feed);
                  return (
                    <tr key={feed.id} data-testid="feed-row">
                      <th scope="row">
                        {label}
                        {feed.working ? null : <span className="feeds-table__note feeds-table__note--warning">{t("feeds.list.stopped")}</span>}
                      </th>
                      <td data-label={t("feeds.list.created")}>
                        <DateText date={feed.createdOn} />
                        {feed.renewedOn ? (
                          <span className="feeds-table__note">
                            <WithDate text={t("feeds.list.renewedOn", { date: DATE_SLOT })} date={feed.renewedOn} />
                          </span>
                        ) : null}
                      </td>
                      <td data-testid="feed-last-fetched" data-label={t("feeds.list.lastFetched")}>{feed.lastFetched ? <LastFetched at={feed.lastFetched} /> : <span className="muted">{t("feeds.list.never")}</span>}</td>
                      <td>
                        <Form method="post" className="feeds-table__actions" preventScrollReset>
                          <input type="hidden" name="feedId" value={feed.id} />
                          {feed.working ? (
                            <ConfirmSubmitButton
                              confirmation={confirmationFor("renew", label)}
                              name="intent"
                              value="renew"
                              className="button button--small"
                              disabled={busy}
                              aria-label={t("feeds.list.renewNamed", { label })}
                            >
                              {t("feeds.list.renew")}
                            </ConfirmSubmitButton>
                          ) : null}
                          <ConfirmSubmitButton
                            confirmation={confirmationFor("revoke", label)}
                            name="intent"
                            value="revoke"
                            className="button button--small button--delete"
                            disabled={busy}
                            aria-label={t("feeds.list.revokeNamed", { label })}
                          >
                            {t("feeds.list.revoke")}
                          </ConfirmSubmitButton>
                        </Form>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <p className="field__hint">{t("feeds.list.hidden")}</p>
        </>
      )}
    </section>
  );
}

// A translated sentence with a date in it: the date goes through DateText (the one formatter).
const DATE_SLOT = "\u0000";

function WithDate({ text, date }: { text: string; date: string }) {
  const [before, after = ""] = text.split(DATE_SLOT);
  return (
    <>
      {before}
      <DateText date={date} />
      {after}
    </>
  );
}

function LastFetched({ at }: { at: { date: string; time: string } }) {
  const { t } = useTranslation();
  return (
    <span className="date">
      <WithDate text={t("feeds.list.at", { date: DATE_SLOT, time: at.time })} date={at.date} />
    </span>
  );
}

interface CreateFeedProps {
  labelOf: FeedListProps["labelOf"];
  targetError?: string;
  /** A feed was just made or renewed: the page says so already, not "you have it". */
  justIssued: boolean;
  busy: boolean;
}

function CreateFeed({ labelOf, targetError, justIssued, busy }: CreateFeedProps) {
  const { t } = useTranslation();
  const { targets, preselected } = useLoaderData<typeof loader>();
  const ids = useId();
  const open = targets.filter((target) => !target.taken);
  const preselectedTarget = targets.find((target) => target.value === preselected);
  const initial = preselectedTarget && !preselectedTarget.taken ? preselectedTarget.value : (open[0]?.value ?? "");
  return (
    <section className="card" aria-labelledby="feeds-create-heading">
      <h2 id="feeds-create-heading" className="card__title">
        {t("feeds.create.title")}
      </h2>
      {preselectedTarget?.taken && !justIssued ? (
        <p className="notice notice--info" data-testid="feed-exists">
          {t("feeds.create.exists", { label: labelOf(preselectedTarget) })}
        </p>
      ) : null}
      {open.length === 0 ? (
        <p className="muted">{t("feeds.create.allTaken")}</p>
      ) : (
        <Form method="post" className="stack" preventScrollReset>
          <input type="hidden" name="intent" value="create" />
          <label className="field">
            <span>{t("feeds.create.target")}</span>
            {/* Keyed by what is still free: once a feed is made, the choice moves to the next one. */}
            <select
              name="target"
              defaultValue={initial}
              key={`${initial}|${open.map((target) => target.value).join()}`}
              aria-invalid={targetError ? true : undefined}
              aria-describedby={targetError ? `${ids}-error` : `${ids}-hint`}
            >
              {targets.map((target) => (
                <option key={target.value} value={target.value} disabled={target.taken}>
                  {target.taken ? t("feeds.create.taken", { label: labelOf(target) }) : labelOf(target)}
                </option>
              ))}
            </select>
            {targetError ? (
              <span className="field__error" id={`${ids}-error`} role="alert">
                {t(targetError)}
              </span>
            ) : (
              <span className="field__hint" id={`${ids}-hint`}>
                {t("feeds.create.hint")}
              </span>
            )}
          </label>
          <button type="submit" className="button button--primary" disabled={busy}>
            {t("feeds.create.submit")}
          </button>
        </Form>
      )}
    </section>
  );
}

/** The daily who's-off e-mail: the person's own choice, saved with one button (decision 0088). */
function DigestChoice({ busy }: { busy: boolean }) {
  const { t } = useTranslation();
  const { digest } = useLoaderData<typeof loader>();
  return (
    <section className="card" id="digest" aria-labelledby="digest-heading">
      <h2 id="digest-heading" className="card__title">
        {t("digest.title")}
      </h2>
      <p className="muted">{t("digest.intro")}</p>
      <Form method="post" className="stack" preventScrollReset>
        <input type="hidden" name="intent" value="digest" />
        <fieldset className="digest-choice">
          <legend>{t("digest.label")}</legend>
          {DIGEST_SCOPES.map((scope) => (
            <label key={`${scope}|${digest}`} className="digest-choice__option">
              <input type="radio" name="digest" value={scope} defaultChecked={scope === digest} />
              <span>{t(`digest.options.${scope}`)}</span>
            </label>
          ))}
          <span className="field__hint">{t("digest.hint")}</span>
        </fieldset>
        <button type="submit" className="button button--primary" disabled={busy}>
          {t("digest.save")}
        </button>
      </Form>
    </section>
  );
}
