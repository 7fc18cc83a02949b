import { useTranslation } from "react-i18next";
import { messageValues } from "~/i18n";
import { formatDateRange, formatLeaveAmount } from "~/lib/format";
import { categoryName } from "./absence-category-name";

interface Version {
  startDate: string;
  endDate: string;
  halfDayStart: boolean;
  halfDayEnd: boolean;
  categoryId: string;
}

type Comparison =
  | { unit: "day" | "hour"; oldAmount: number | null; newAmount: number; effect: { balance: string; year: number; before: number; after: number; unit: "day" | "hour" }[]; refusal: null }
  | { refusal: { key: string; params: Record<string, string> } };

/**
 * An absence as approved beside its proposed change, with what each is charged and the balance
 * left before and after (issue 41: "Vacation 5 days → 3 days; balance after: 12 → 14"). Without a
 * change, the absence alone.
 */
export function ChangeComparisonTable({
  before,
  after,
  comparison,
  categories,
}: {
  before: Version;
  after: Version | null;
  comparison: Comparison | null;
  categories: readonly { id: string; name: string; unit?: string }[];
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const range = (v: Version) => formatDateRange(v.startDate, v.endDate, language) + (v.halfDayStart || v.halfDayEnd ? ` (½)` : "");
  const type = (v: Version) => categoryName(t, categories.find((c) => c.id === v.categoryId), v.categoryId);
  const ready = comparison && comparison.refusal === null ? comparison : null;
  const oldUnit = categories.find((c) => c.id === before.categoryId)?.unit === "hour" ? "hour" : "day";
  return (
    <div className="change-compare">
      <table className="change-compare__table" data-testid="change-comparison">
        <thead>
          <tr>
            <td />
            <th scope="col">{t("leaveChange.current")}</th>
            {after ? <th scope="col">{t("leaveChange.proposed")}</th> : null}
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">{t("leaveChange.dates")}</th>
            <td>{range(before)}</td>
            {after ? <td className={range(after) !== range(before) ? "change-compare__new" : undefined}>{range(after)}</td> : null}
          </tr>
          <tr>
            <th scope="row">{t("leaveChange.type")}</th>
            <td>{type(before)}</td>
            {after ? <td className={after.categoryId !== before.categoryId ? "change-compare__new" : undefined}>{type(after)}</td> : null}
          </tr>
          {ready ? (
            <tr>
              <th scope="row">{t("leaveChange.charged")}</th>
              <td>{formatLeaveAmount(ready.oldAmount, oldUnit, language)}</td>
              <td className="change-compare__new">{formatLeaveAmount(ready.newAmount, ready.unit, language)}</td>
            </tr>
          ) : null}
        </tbody>
      </table>
      {ready?.effect.length ? (
        <ul className="change-compare__effect" data-testid="balance-effect">
          {ready.effect.map((line) => (
            <li key={line.balance}>
              {t("leaveChange.balanceLine", {
                balance: t(`absenceTypes.balance.${line.balance}`),
                year: line.year,
                before: formatLeaveAmount(line.before, line.unit, language),
                after: formatLeaveAmount(line.after, line.unit, language),
              })}
            </li>
          ))}
        </ul>
      ) : null}
      {comparison && comparison.refusal ? (
        <p className="notice notice--error" role="alert">
          {t("leaveChange.wouldBeRefused")} {t(comparison.refusal.key, messageValues(comparison.refusal.params))}
        </p>
      ) : null}
    </div>
  );
}
