import { Form, Link, useNavigation } from "@remix-run/react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { formatDateRange, formatDays, formatLeaveAmount } from "~/lib/format";
import { categoryName } from "./absence-category-name";
import { ChargeChangeNote } from "./charge-change-note";
import { LiveCoverNote, RuleWarningsNote, type LiveCoverView, type RuleWarning } from "./rule-warnings";
import { ConfirmSubmitButton, type Confirmation } from "./confirm";
import { DateText } from "./date-text";
import { StatusBadge } from "./status-badge";

export interface VacationTableRow {
  id: string;
  userId: string;
  userName?: string;
  startDate: string;
  endDate: string;
  description: string;
  categoryId: string;
  status: string;
  workingDays: number | null;
  /** Set for a request of a category counting hours: the hours it is charged (decision 0081). */
  hours?: number | null;
  /**
   * For admins, when today's schedules would charge the request otherwise: both amounts (the row's
   * figure is the charge it keeps, decision 0083).
   */
  chargeChange?: { unit: "day" | "hour"; charged: number; current: number };
  /** For the approver: the leave-type rules the request broke in warn mode when made (decision 0087). */
  ruleWarnings?: RuleWarning[];
  /** For the approver: what the team's cover rules say of the request now (decision 0091). */
  coverNow?: LiveCoverView;
  canApprove?: boolean;
  canCancel?: boolean;
  /**
   * Its certificate page, for a sickness the viewer may send or read documents of (decision 0092),
   * once a certificate is asked for (from the Nth working day) or one was received.
   */
  certificate?: { href: string; state: "asked" | "due" | "overdue" | "received" };
  /** Set on an approved absence its owner or their approver may change: the change page (issue 41). */
  changeHref?: string;
}

export type RowAction = "approve" | "reject" | "cancel";

/** A table row from a stored vacation; what depends on the viewer and the page comes in `extra`. */
export function toVacationTableRow(
  v: Pick<VacationTableRow, "id" | "userId" | "startDate" | "endDate" | "description" | "categoryId" | "status">,
  extra: Pick<VacationTableRow, "userName" | "workingDays" | "hours" | "chargeChange" | "ruleWarnings" | "coverNow" | "canApprove" | "canCancel" | "certificate" | "changeHref">,
): VacationTableRow {
  const { id, userId, startDate, endDate, description, categoryId, status } = v;
  return { id, userId, startDate, endDate, description, categoryId, status, ...extra };
}

/**
 * What cancelling a row asks (the dialog with JavaScript, the page's confirmation step without):
 * the range, and whose vacation it is in a table of several people.
 */
export function cancelConfirmation(t: TFunction, row: Pick<VacationTableRow, "startDate" | "endDate" | "userName">, language: string, named: boolean): Confirmation {
  const range = formatDateRange(row.startDate, row.endDate, language);
  return {
    title: t("absences.confirm.cancelTitle"),
    question: named && row.userName ? t("absences.confirm.cancelQuestionOf", { range, name: row.userName }) : t("absences.confirm.cancelQuestion", { range }),
    confirm: t("absences.confirm.cancelYes"),
    cancel: t("absences.confirm.cancelNo"),
  };
}

/** True while any POST of this page is on its way or being reloaded: every row button waits. */
export function useRowActionBusy(): boolean {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
}

export interface VacationTableProps {
  caption: string;
  rows: readonly VacationTableRow[];
  categories: readonly { id: string; name: string }[];
  showUser?: boolean;
  /** 'user' column heading: 'User' on the vacations page, 'Requested by' on approvals. */
  userHeading?: string;
  actions: readonly RowAction[];
  /** Off where every row has the same status (approvals: all pending). */
  showStatus?: boolean;
  /** What an empty table says: a sentence, or a sentence and what to do next. */
  empty: React.ReactNode;
  testId: string;
}

/**
 * A table of vacations with POST buttons per row (intent + id). One form per row, the buttons
 * carry the intent, so the page works the same with and without JavaScript.
 */
export function VacationTable({ caption, rows, categories, showUser, userHeading, actions, showStatus = true, empty, testId }: VacationTableProps) {
  const { t, i18n } = useTranslation();
  const busy = useRowActionBusy();
  if (rows.length === 0) {
    return (
      <div className="empty-state" data-testid={`${testId}-empty`}>
        {typeof empty === "string" ? <p>{empty}</p> : empty}
      </div>
    );
  }
  // The column names, also written on each cell (data-label): on a phone a row is drawn as a card
  // whose values carry their names, with its buttons in reach (app/styles/base.css, "Tables as cards").
  const heading = {
    user: userHeading ?? t("absences.table.user"),
    start: t("absences.table.start"),
    end: t("absences.table.end"),
    description: t("absences.table.description"),
    category: t("absences.table.category"),
    // A table holding requests in hours counts both units: its column says how long, not "working days".
    workingDays: rows.some((row) => row.hours !== undefined) ? t("hours.amountColumn") : t("absences.table.workingDays"),
    status: t("absences.table.status"),
  };
  // The roles repeat the elements' own: a browser drawing the cards (display: block and grid) may
  // otherwise stop telling screen readers that this is a table (Safari does).
  return (
    <div className="table-wrap">
      <table className="table absence-table card-table" data-testid={testId} role="table">
        <caption className="visually-hidden">{caption}</caption>
        <thead role="rowgroup">
          <tr role="row">
            {showUser ? (
              <th scope="col" role="columnheader">
                {heading.user}
              </th>
            ) : null}
            <th scope="col" role="columnheader">
              {heading.start}
            </th>
            <th scope="col" role="columnheader">
              {heading.end}
            </th>
            <th scope="col" role="columnheader">
              {heading.description}
            </th>
            <th scope="col" role="columnheader">
              {heading.category}
            </th>
            <th scope="col" role="columnheader" className="absence-table__number">
              {heading.workingDays}
            </th>
            {showStatus ? (
              <th scope="col" role="columnheader">
                {heading.status}
              </th>
            ) : null}
            {actions.length ? (
              <th scope="col" role="columnheader">
                <span className="visually-hidden">{t("absences.table.actions")}</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {rows.map((row) => {
            const range = formatDateRange(row.startDate, row.endDate, i18n.language);
            const who = row.userName ?? "";
            const label = (action: RowAction) => t(`absences.table.${action}Label`, { range, name: who });
            const show = (action: RowAction) =>
              actions.includes(action) && (action === "cancel" ? row.canCancel : Boolean(row.canApprove));
            return (
              <tr key={row.id} role="row" data-vacation-id={row.id} data-status={row.status}>
                {showUser ? (
                  <td role="cell" className="absence-table__person card-table__title card-table__wide" data-label={heading.user}>
                    {row.userName ?? "—"}
                  </td>
                ) : null}
                <td role="cell" className="absence-table__start" data-label={heading.start}>
                  <DateText date={row.startDate} />
                </td>
                <td role="cell" className="absence-table__end" data-label={heading.end}>
                  <DateText date={row.endDate} />
                </td>
                <td role="cell" className="absence-table__description card-table__wide" data-label={heading.description}>
                  {row.description || <span className="muted">—</span>}
                  {row.ruleWarnings ? <RuleWarningsNote warnings={row.ruleWarnings} /> : null}
                  {row.coverNow ? <LiveCoverNote cover={row.coverNow} /> : null}
                </td>
                <td role="cell" className="absence-table__category" data-label={heading.category}>
                  {categoryName(t, categories.find((c) => c.id === row.categoryId), row.categoryId)}
                  {row.certificate ? (
                    <>
                      {" "}
                      <a
                        href={row.certificate.href}
                        className={`absence-table__certificate absence-table__certificate--${row.certificate.state}`}
                        data-certificate-state={row.certificate.state}
                      >
                        {t(`sickness.table.${row.certificate.state === "received" ? "received" : row.certificate.state === "overdue" ? "overdue" : "upload"}`)}
                      </a>
                    </>
                  ) : null}
                </td>
                <td role="cell" className="absence-table__number" data-label={heading.workingDays}>
                  {row.hours !== undefined ? formatLeaveAmount(row.hours, "hour", i18n.language) : formatDays(row.workingDays, i18n.language)}
                  {row.chargeChange ? <ChargeChangeNote change={row.chargeChange} /> : null}
                </td>
                {showStatus ? (
                  <td role="cell" className="absence-table__status" data-label={heading.status}>
                    <StatusBadge status={row.status} />
                  </td>
                ) : null}
                {actions.length ? (
                  <td role="cell" className="absence-table__actions card-table__actions">
                    {actions.some(show) ? (
                      <Form method="post" preventScrollReset className="absence-table__form">
                        <input type="hidden" name="id" value={row.id} />
                        {show("approve") ? (
                          <button type="submit" name="intent" value="approve" className="button button--small button--approve" disabled={busy} aria-label={label("approve")}>
                            {t("absences.table.approve")}
                          </button>
                        ) : null}
                        {show("reject") ? (
                          <button type="submit" name="intent" value="reject" className="button button--small button--reject" disabled={busy} aria-label={label("reject")}>
                            {t("absences.table.reject")}
                          </button>
                        ) : null}
                        {show("cancel") ? (
                          <ConfirmSubmitButton
                            confirmation={cancelConfirmation(t, row, i18n.language, Boolean(showUser))}
                            name="intent"
                            value="cancel"
                            className="button button--small button--delete"
                            disabled={busy}
                            aria-label={label("cancel")}
                          >
                            {t("absences.table.cancel")}
                          </ConfirmSubmitButton>
                        ) : null}
                      </Form>
                    ) : null}
                    {row.changeHref ? (
                      <Link to={row.changeHref} className="button button--small button--secondary" aria-label={t("leaveChange.linkLabel", { range })}>
                        {t("leaveChange.link")}
                      </Link>
                    ) : null}
                  </td>
                ) : null}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
