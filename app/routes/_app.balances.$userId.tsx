// /balances/:userId?year=Y — how a person's balances of a year are made up ("me" for oneself).
// Company admins read anyone's of their company and may revert a carry-over here.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, type LinksFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { TFunction } from "i18next";
import { createContext, useContext } from "react";
import { useTranslation } from "react-i18next";
import { ActionNotice } from "~/components/action-notice";
import { ScrollBox } from "~/components/scroll-box";
import { ConfirmationStep, ConfirmSubmitButton, type Confirmation } from "~/components/confirm";
import { DateRangeText } from "~/components/date-text";
import { StatusBadge } from "~/components/status-badge";
import { BALANCE_KINDS, type BalanceFigures, type BalanceKind } from "~/lib/balance-kinds";
import { formatDate, formatDays, formatHours, formatIsoDate, formatLeaveAmount } from "~/lib/format";
import { leaveYearLabel } from "~/lib/leave-year";
import { pageTitle } from "~/lib/meta";
import { readYear } from "~/lib/year-param";
import { explainBalance, type BalanceExplanation } from "~/models/balance-explanation.server";
import { revertCarryOver } from "~/models/carry-over.server";
import { requireUser } from "~/utils/auth.server";
import { confirmationStep, needsConfirmation } from "~/utils/confirmation.server";
import { AppError } from "~/utils/errors.server";
import { noticeOf, withActionErrors, withPageErrors, type ActionReply } from "~/utils/form-errors.server";
import { readFormData } from "~/utils/http.server";
import balancesStyles from "~/styles/balances.css";
import { currentLeaveYear } from "~/models/balance.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: balancesStyles },
];

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "balances.metaTitle");

export function loader({ request, params, context }: LoaderFunctionArgs) {
  return withPageErrors(async () => {
    const viewer = await requireUser({ request, context });
    const userId = params.userId === "me" ? viewer.userId : (params.userId ?? "");
    const year = readYear(new URL(request.url).searchParams.get("year"), currentLeaveYear(viewer));
    return explainBalance(viewer, userId, year);
  });
}

export function action({ request }: ActionFunctionArgs) {
  return withActionErrors(async () => {
    const viewer = await requireUser(request);
    const formData = await readFormData(request);
    const id = formData.get("id");
    if (formData.get("intent") !== "revert" || typeof id !== "string" || !id || id.length > 64) {
      return data<ActionReply>({ notice: { tone: "error", key: "balances.notices.invalidAction" } }, { status: 400 });
    }
    // Reverting takes days away from someone: without confirmed=1 (no JavaScript, no dialog) the page asks first.
    if (needsConfirmation(formData)) return confirmationStep(formData);
    try {
      const reverted = await revertCarryOver(viewer, id);
      const values = { count: String(reverted.days), year: String(reverted.year) };
      return data<ActionReply>({ notice: { tone: "success", key: "balances.notices.reverted", values } });
    } catch (error) {
      if (error instanceof AppError) return data<ActionReply>({ notice: noticeOf(error, "balances.notices.revertFailed") }, { status: error.status });
      throw error;
    }
  });
}

function revertConfirmation(t: TFunction, language: string, explanation: BalanceExplanation): Confirmation {
  const carried = explanation.residual.carriedIn;
  const days = carried?.days ?? 0;
  return {
    title: t("balances.revert.title"),
    question: t("balances.revert.question", {
      count: days,
      days: formatDays(days, language),
      fromYear: carried?.fromYear,
      year: explanation.year,
      name: explanation.person.name,
    }),
    confirm: t("balances.revert.confirm"),
    cancel: t("balances.revert.cancel"),
  };
}

export default function BalanceExplanationPage() {
  const { t, i18n } = useTranslation();
  const explanation = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { person, year } = explanation;
  const notice = actionData && "notice" in actionData ? actionData.notice : null;
  const confirmStep = actionData && "confirm" in actionData ? actionData.confirm : null;
  const base = `/balances/${person.self ? "me" : person.id}`;
  const yearUrl = (y: number) => `${base}?year=${y}`;
  const language = i18n.language;

  return (
    <div className="balances-page">
      <header className="page-header">
        <h1 className="page__title">{person.self ? t("balances.title") : t("balances.titleOf", { name: person.name })}</h1>
        <nav className="year-switch" aria-label={t("balances.yearNav")}>
          <Link className="button year-switch__step" to={yearUrl(year - 1)} aria-label={t("balances.previousYear", { year: leaveYearLabel(year - 1, explanation.leaveYear.startMonth) })}>
            <span aria-hidden="true">‹</span>
          </Link>
          <span className="year-switch__year" data-testid="explanation-year">
            {explanation.leaveYear.label}
          </span>
          <Link className="button year-switch__step" to={yearUrl(year + 1)} aria-label={t("balances.nextYear", { year: leaveYearLabel(year + 1, explanation.leaveYear.startMonth) })}>
            <span aria-hidden="true">›</span>
          </Link>
        </nav>
      </header>
      <p className="balances-page__intro muted">
        {t("balances.intro", { year: explanation.leaveYear.label, date: formatDate(explanation.today, language) })}{" "}
        {explanation.leaveYear.startMonth === 1
          ? null
          : `${t("leaveYear.explanation.dates", { from: formatDate(explanation.leaveYear.firstDay, language), to: formatDate(explanation.leaveYear.lastDay, language) })} `}
        {person.self ? <Link to={`/my-calendar?year=${year}`}>{t("balances.backToCalendar")}</Link> : null}
      </p>

      <ActionNotice notice={notice} />
      {confirmStep ? <ConfirmationStep fields={confirmStep.fields} confirmation={revertConfirmation(t, language, explanation)} /> : null}
      {explanation.hasAllowance ? null : <p className="notice notice--info">{t("balances.noAllowance", { year: explanation.leaveYear.label })}</p>}

      <div className="explain-grid">
        {BALANCE_KINDS.map((kind) => (
          <KindSection key={kind} kind={kind} explanation={explanation} />
        ))}
      </div>

      <CarryOutNote explanation={explanation} yearUrl={yearUrl} />
      <VacationsCounted explanation={explanation} />
    </div>
  );
}

/** Whether the section's balance counts hours (decision 0081): its lines then read "156 h". */
const HoursBalance = createContext(false);

/** One ledger line: a label, an optional note under it, a signed amount. */
function Line({ label, amount, sign, note, strong, testId }: { label: string; amount: number | null; sign?: "+" | "−"; note?: React.ReactNode; strong?: boolean; testId?: string }) {
  const { i18n } = useTranslation();
  const hours = useContext(HoursBalance);
  const figure = (value: number) => (hours ? formatLeaveAmount(value, "hour", i18n.language) : formatDays(value, i18n.language));
  const shown = amount === null ? formatDays(null) : `${sign && amount !== 0 ? `${sign} ` : ""}${figure(amount)}`;
  return (
    <div className={`ledger__line${strong ? " ledger__line--total" : ""}`}>
      <dt>
        {label}
        {note ? <span className="ledger__note">{note}</span> : null}
      </dt>
      <dd data-line={testId}>{shown}</dd>
    </div>
  );
}

function KindSection({ kind, explanation }: { kind: BalanceKind; explanation: BalanceExplanation }) {
  const { t, i18n } = useTranslation();
  const figures: BalanceFigures | null = explanation.hasAllowance ? explanation.balances[kind] : null;
  const amount = (value: number | undefined) => (figures ? (value ?? 0) : null);
  return (
    <section className={`card explain-card explain-card--${kind}`} id={kind} aria-labelledby={`explain-${kind}`} data-testid={`explain-${kind}`}>
      <h2 id={`explain-${kind}`} className="card__title">
        {t(`absences.balances.${kind}.title`)}
      </h2>
      <HoursBalance.Provider value={explanation.balances[kind].unit === "hour"}>
        <dl className="ledger">
        {kind === "yearly" ? <YearlyLines explanation={explanation} /> : null}
        {kind === "residual" ? <ResidualLines explanation={explanation} /> : null}
        {kind === "special" ? <Line label={t("balances.line.special", { year: explanation.leaveYear.label })} amount={amount(figures?.total)} testId="special" /> : null}
        <Line label={t("balances.line.used")} amount={amount(figures?.used)} sign="−" testId="used" />
        <Line label={t("balances.line.pending")} amount={amount(figures?.pending)} sign="−" testId="pending" />
        {/* Before the expiry nothing has lapsed: the carried line says how many days will. */}
        {kind === "residual" && explanation.residual.carriedUse && explanation.today > explanation.residual.carriedUse.expiresOn ? (
          <Line
            label={t("balances.line.expired", { date: formatDate(explanation.residual.carriedUse.expiresOn, i18n.language) })}
            amount={amount(figures?.expired)}
            sign="−"
            testId="expired"
          />
        ) : null}
        <Line label={t("balances.line.remaining")} amount={amount(figures?.remaining)} strong testId="remaining" />
        </dl>
      </HoursBalance.Provider>
      {kind === "residual" ? <RevertForm explanation={explanation} /> : null}
    </section>
  );
}

function YearlyLines({ explanation }: { explanation: BalanceExplanation }) {
  const { t } = useTranslation();
  const { yearlySource: source } = explanation;
  const note =
    source.kind === "set"
      ? t("balances.source.set", { year: explanation.leaveYear.label })
      : source.kind === "previous"
        ? t("balances.source.previous", { year: explanation.leaveYear.label, fromYear: leaveYearLabel(source.fromYear, explanation.leaveYear.startMonth) })
        : t("balances.source.none", { year: explanation.leaveYear.label });
  const allowanceKey = explanation.balances.yearly.unit === "hour" ? "hours.balances.allowanceLine" : "balances.line.allowance";
  const line = <Line label={t(allowanceKey, { year: explanation.leaveYear.label })} amount={explanation.hasAllowance ? explanation.balances.yearly.total : null} note={note} testId="allowance" />;
  if (!explanation.hasAllowance) return line;
  return (
    <>
      {line}
      {explanation.proration ? <ProrationLines proration={explanation.proration} /> : null}
      {explanation.accrual ? <AccrualLines accrual={explanation.accrual} today={explanation.today} /> : null}
    </>
  );
}

/**
 * How much of an accruing yearly allowance is earned by today (decision 0082): the months started,
 * the share and its rounding, and what that leaves to book unless the company allows booking ahead.
 */
function AccrualLines({ accrual, today }: { accrual: NonNullable<BalanceExplanation["accrual"]>; today: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const amount = (value: number) => formatLeaveAmount(value, accrual.unit, language);
  const sentence = t("accrual.explanation.months", {
    count: accrual.monthsStarted,
    months: String(accrual.monthsStarted),
    date: formatDate(today, language),
    allowance: amount(accrual.allowance),
    exact: amount(accrual.exact),
    rounding: t(accrual.unit === "hour" ? `hours.proration.rounded.${accrual.rounding}` : `leaveYear.rounded.${accrual.rounding}`),
    earned: amount(accrual.earned),
    total: amount(accrual.total),
  });
  return (
    <>
      <div className="ledger__line ledger__line--note" data-testid="accrual">
        <dt>
          {t("accrual.explanation.title")}
          <span className="ledger__note">
            {sentence} {accrual.bookingAhead ? t("accrual.explanation.bookingAhead") : t("accrual.explanation.earnedOnly", { available: amount(Math.max(0, accrual.available)) })}
          </span>
        </dt>
        {/* Not a figure of the ledger's sum: the year's total stays what used and pending are taken from. */}
        <dd />
      </div>
    </>
  );
}

/**
 * How a joiner's or leaver's yearly allowance was prorated (decision 0080), in one sentence:
 * "Employed 1 Jul–31 Dec, 130 of 261 working days → 11 of 22 days, rounded to the nearest half
 * day", and what was taken beyond it.
 */
function ProrationLines({ proration }: { proration: NonNullable<BalanceExplanation["proration"]> }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const short = (iso: string) => formatIsoDate(iso, language, { day: "numeric", month: "short" });
  // A yearly balance in hours is prorated by scheduled hours, to the quarter hour (decision 0081).
  const inHours = proration.unit === "hour";
  const figure = (value: number) => (inHours ? formatHours(value, language) : formatDays(value, language));
  const group = inHours ? "hours.proration" : "leaveYear.proration";
  const values = {
    from: proration.employedFrom ? short(proration.employedFrom) : "",
    to: proration.employedTo ? short(proration.employedTo) : "",
    employed: proration.basis === "schedule" ? figure(proration.employedMeasure) : formatDays(proration.employedMeasure, language),
    yearDays: proration.basis === "schedule" ? figure(proration.yearMeasure) : formatDays(proration.yearMeasure, language),
    total: figure(proration.total),
    allowance: figure(proration.allowance),
    rounding: t(inHours ? `hours.proration.rounded.${proration.rounding}` : `leaveYear.rounded.${proration.rounding}`),
  };
  const sentence = !proration.employedFrom
    ? t("leaveYear.proration.notEmployed")
    : t(proration.basis === "schedule" ? `${group}.bySchedule` : `${group}.byCalendarDays`, values);
  return (
    <>
      <div className="ledger__line ledger__line--note" data-testid="proration">
        <dt>
          {t("leaveYear.proration.title")}
          <span className="ledger__note">{sentence}</span>
        </dt>
        <dd />
      </div>
      {proration.overdraft > 0 ? (
        <Line
          label={t(`${group}.overdraft`)}
          amount={proration.overdraft}
          note={t(`${group}.overdraftNote`, { taken: figure(proration.taken), total: figure(proration.total) })}
          testId="overdraft"
        />
      ) : null}
    </>
  );
}

/**
 * Carried figures are the yearly balance's (the residual shares its unit, decision 0081): the
 * sentences and amounts of a balance in hours say hours.
 */
function carryWords(explanation: BalanceExplanation, language: string) {
  const inHours = explanation.balances.yearly.unit === "hour";
  return {
    carry: inHours ? "hours.carry" : "balances.carry",
    amount: (value: number) => (inHours ? formatLeaveAmount(value, "hour", language) : formatDays(value, language)),
  };
}

function ResidualLines({ explanation }: { explanation: BalanceExplanation }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const { carriedIn, carriedUse, handSet } = explanation.residual;
  const date = (iso: string) => formatDate(iso, language);
  const { carry, amount } = carryWords(explanation, language);
  const lines = [];
  if (carriedIn && carriedIn.revertedOn) {
    lines.push(
      <Line
        key="reverted"
        label={t("balances.line.carriedIn", { year: leaveYearLabel(carriedIn.fromYear, explanation.leaveYear.startMonth) })}
        amount={0}
        testId="carried"
        note={t(`${carry}.reverted`, { days: amount(carriedIn.days), year: leaveYearLabel(carriedIn.fromYear, explanation.leaveYear.startMonth), date: date(carriedIn.carriedOn), revertedOn: date(carriedIn.revertedOn) })}
      />,
    );
  } else if (carriedIn && carriedUse) {
    const lapsed = carriedUse.expired > 0;
    const state =
      lapsed
        ? t(`${carry}.lapsed`, { count: carriedUse.expired, days: amount(carriedUse.expired), date: date(carriedUse.expiresOn) })
        : carriedUse.unused > 0
          ? t(`${carry}.unusedBeforeExpiry`, { count: carriedUse.unused, days: amount(carriedUse.unused), date: date(carriedUse.expiresOn) })
          : null;
    lines.push(
      <Line
        key="carried"
        label={t("balances.line.carriedIn", { year: leaveYearLabel(carriedIn.fromYear, explanation.leaveYear.startMonth) })}
        amount={carriedUse.carried}
        sign="+"
        testId="carried"
        note={
          <>
            {t("balances.carry.carriedOn", { date: date(carriedIn.carriedOn) })} {t(`${carry}.usableUntil`, { date: date(carriedUse.expiresOn) })}
            {carriedUse.carried < carriedIn.days ? <> {t(`${carry}.lowered`, { days: amount(carriedUse.carried) })}</> : null}
            {state ? <strong className="ledger__state"> {state}</strong> : null}
          </>
        }
      />,
    );
  }
  lines.push(
    <Line key="handSet" label={t("balances.line.handSet")} amount={explanation.hasAllowance ? handSet : null} sign={carriedUse ? "+" : undefined} testId="handSet" />,
  );
  return <>{lines}</>;
}

function RevertForm({ explanation }: { explanation: BalanceExplanation }) {
  const { t, i18n } = useTranslation();
  const carried = explanation.residual.carriedIn;
  if (!explanation.canRevert || !carried) return null;
  return (
    <Form method="post" className="explain-card__actions" preventScrollReset>
      <input type="hidden" name="id" value={carried.id} />
      <ConfirmSubmitButton className="button button--danger button--small" name="intent" value="revert" confirmation={revertConfirmation(t, i18n.language, explanation)}>
        {t("balances.revert.button")}
      </ConfirmSubmitButton>
    </Form>
  );
}

function CarryOutNote({ explanation, yearUrl }: { explanation: BalanceExplanation; yearUrl: (year: number) => string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const { year, carriedOut, carryOverRule } = explanation;
  const date = (iso: string) => formatDate(iso, language);
  const { carry, amount } = carryWords(explanation, language);
  let text: string;
  if (carriedOut) {
    const values = { days: amount(carriedOut.days), year, nextYear: year + 1, date: date(carriedOut.carriedOn), expiresOn: date(carriedOut.expiresOn) };
    text = carriedOut.revertedOn ? t(`${carry}.outReverted`, { ...values, revertedOn: date(carriedOut.revertedOn) }) : t(`${carry}.out`, values);
  } else {
    text = t(`${carry}.rule`, { year: explanation.leaveYear.label, nextYear: leaveYearLabel(year + 1, explanation.leaveYear.startMonth), max: amount(carryOverRule.maxDays), expiresOn: date(carryOverRule.expiresOn) });
  }
  return (
    <section className="card explain-notes" data-testid="carry-out">
      <p>
        {text}{" "}
        {carriedOut ? <Link to={yearUrl(year + 1)}>{t("balances.carry.outLink", { year: leaveYearLabel(year + 1, explanation.leaveYear.startMonth) })}</Link> : null}
      </p>
      {explanation.residual.carriedUse ? <p className="muted">{t(`${carry}.order`)}</p> : null}
      <p className="muted">{t("balances.pendingNote")}</p>
    </section>
  );
}

function VacationsCounted({ explanation }: { explanation: BalanceExplanation }) {
  const { t, i18n } = useTranslation();
  const { vacations } = explanation;
  return (
    <section className="card" aria-labelledby="explain-absences">
      <h2 id="explain-absences" className="card__title">
        {t("balances.absences.title", { year: explanation.leaveYear.label })}
      </h2>
      {vacations.length === 0 ? (
        <p className="muted">{t("balances.absences.empty", { year: explanation.leaveYear.label })}</p>
      ) : (
        <ScrollBox labelledBy="explain-absences">
          <table className="table explain-absences">
            <thead>
              <tr>
                <th scope="col">{t("balances.absences.dates")}</th>
                <th scope="col">{t("balances.absences.type")}</th>
                <th scope="col">{t("balances.absences.balance")}</th>
                <th scope="col">{t("balances.absences.status")}</th>
                <th scope="col" className="explain-absences__days">
                  {/* A company with a balance in hours lists days and hours in one column: named for both. */}
                  {t(BALANCE_KINDS.some((kind) => explanation.balances[kind].unit === "hour") ? "hours.balances.amountColumn" : "balances.absences.days", { year: explanation.leaveYear.label })}
                </th>
              </tr>
            </thead>
            <tbody>
              {vacations.map((vacation) => (
                <tr key={vacation.id}>
                  <td>
                    <DateRangeText start={vacation.startDate} end={vacation.endDate} />
                  </td>
                  <td>{t(`absences.categories.${vacation.categoryId}`, { defaultValue: vacation.categoryName })}</td>
                  <td>{t(`absences.balances.${vacation.kind}.title`)}</td>
                  <td>
                    <StatusBadge status={vacation.status} />
                  </td>
                  <td className="explain-absences__days">
                    {explanation.balances[vacation.kind].unit === "hour" ? formatLeaveAmount(vacation.days, "hour", i18n.language) : formatDays(vacation.days, i18n.language)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      )}
    </section>
  );
}
