import { useTranslation } from "react-i18next";
import { isVacationStatus, type VacationStatus } from "~/lib/statuses";

export type StatusKind = VacationStatus | "other";

export function statusKind(status: string): StatusKind {
  return isVacationStatus(status) ? status : "other";
}

// A glyph next to the word, so the status never rests on colour alone.
const GLYPHS: Record<StatusKind, string> = { approved: "✓", pending: "…", rejected: "✕", cancelled: "–", other: "?" };

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  const kind = statusKind(status);
  return (
    <span className={`status-badge status-badge--${kind}`} data-status={status}>
      <span className="status-badge__glyph" aria-hidden="true">
        {GLYPHS[kind]}
      </span>
      {kind === "other" ? t("absences.status.other", { status }) : t(`absences.status.${kind}`)}
    </span>
  );
}
