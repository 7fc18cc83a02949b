import { useTranslation } from "react-i18next";
import { messageValues } from "~/i18n";

export interface Notice {
  tone: "success" | "error";
  /** Locale key of the main line. */
  key: string;
  /** Locale key of the reason (a model's message), shown after the main line. */
  detail?: string;
  values?: Record<string, string>;
}

/** The answer to a row action (approve, reject, delete), announced to screen readers. */
export function ActionNotice({ notice }: { notice: Notice | null | undefined }) {
  const { t } = useTranslation();
  if (!notice) return null;
  const error = notice.tone === "error";
  return (
    <div className={`notice ${error ? "notice--error" : "notice--success"}`} role={error ? "alert" : "status"} data-testid="action-notice">
      {/* The reason on a line of its own: the spec's headline ('Failed to approve vacation') has no full stop. */}
      <p className="notice__line">{t(notice.key, messageValues(notice.values))}</p>
      {notice.detail ? <p className="notice__line">{t(notice.detail, messageValues(notice.values))}</p> : null}
    </div>
  );
}
