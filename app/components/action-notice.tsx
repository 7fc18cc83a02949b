import { useEffect, useState } from "react";
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

/**
 * The answer to a row action (approve, reject, delete), announced to screen readers. With
 * JavaScript it goes as soon as the person submits a form again: a form the browser refuses (the
 * same checks as the server's) sends nothing, and the last answer ("details saved") would stay
 * above the new errors as if it were about them.
 */
export function ActionNotice({ notice }: { notice: Notice | null | undefined }) {
  const { t } = useTranslation();
  const [stale, setStale] = useState(false);
  useEffect(() => {
    setStale(false);
    if (!notice) return;
    const onSubmit = () => setStale(true);
    document.addEventListener("submit", onSubmit, true);
    return () => document.removeEventListener("submit", onSubmit, true);
  }, [notice]);
  if (!notice || stale) return null;
  const error = notice.tone === "error";
  return (
    <div className={`notice ${error ? "notice--error" : "notice--success"}`} role={error ? "alert" : "status"} data-testid="action-notice">
      {/* The reason on a line of its own: the spec's headline ('Failed to approve vacation') has no full stop. */}
      <p className="notice__line">{t(notice.key, messageValues(notice.values))}</p>
      {notice.detail ? <p className="notice__line">{t(notice.detail, messageValues(notice.values))}</p> : null}
    </div>
  );
}
