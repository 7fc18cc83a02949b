import { useTranslation } from "react-i18next";
import { formatLeaveAmount } from "~/lib/format";

/**
 * An admin's note on a request whose work schedule changed after it was made: the amount it keeps
 * and what today's schedule would charge (issue 40, decision 0083). Text only, so it reads the same
 * with and without JavaScript and on a phone's card.
 */
export function ChargeChangeNote({ change, className = "charge-change-note muted" }: { change: { unit: "day" | "hour"; charged: number; current: number }; className?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <small className={className} data-testid="charge-change">
      {t("frozenCharge.both", { charged: formatLeaveAmount(change.charged, change.unit, i18n.language), current: formatLeaveAmount(change.current, change.unit, i18n.language) })}
    </small>
  );
}
