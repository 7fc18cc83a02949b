// The leave-type rules a request broke in warn mode (decision 0087): under the requester's
// "request made" notice, and beside a pending request for the approver.
import { useTranslation } from "react-i18next";

export interface RuleWarning {
  key: string;
  params: Record<string, string>;
}

/** The requester's notice: the request went through, and why it was warned. */
export function RuleWarningsNotice({
  warnings,
}: {
  warnings: readonly RuleWarning[];
}) {
  const { t } = useTranslation();
  if (warnings.length === 0) return null;
  return (
    <div
      className="notice notice--warning"
      role="status"
      data-testid="rule-warnings"
    >
      <p>{t("leaveRules.notices.warned", { count: warnings.length })}</p>
      <ul>
        {warnings.map((warning) => (
          <li key={warning.key}>{t(warning.key, warning.params)}</li>
        ))}
      </ul>
    </div>
  );
}

/** The approver's note: one small line per warning, labelled so it reads without colour. */
export function RuleWarningsNote({
  warnings,
}: {
  warnings: readonly RuleWarning[];
}) {
  const { t } = useTranslation();
  if (warnings.length === 0) return null;
  return (
    <ul className="rule-warnings-note" data-testid="rule-warnings-note">
      {warnings.map((warning) => (
        <li key={warning.key}>
          <strong>{t("leaveRules.approverNote")}:</strong>{" "}
          {t(warning.key, warning.params)}
        </li>
      ))}
    </ul>
  );
}

/** What the cover rules say now of a pending request (decision 0091), beside its stored warnings. */
export interface LiveCoverView {
  mode: "block" | "warn";
  findings: readonly RuleWarning[];
  refusesApproval: boolean;
}

/**
 * The approver's live cover line: the days and who else is off today (names only), and whether
 * approving would go through. Worded, not coloured.
 */
export function LiveCoverNote({ cover }: { cover: LiveCoverView }) {
  const { t } = useTranslation();
  const outcome = cover.refusesApproval ? "cover.live.refuses" : cover.mode === "warn" ? "cover.live.stillWarns" : "cover.live.alreadyWarned";
  return (
    <ul className="rule-warnings-note" data-testid="live-cover">
      {cover.findings.map((finding) => (
        <li key={finding.key}>
          <strong>{t("cover.live.title")}:</strong> {t(finding.key, finding.params)}
        </li>
      ))}
      <li>
        <em>{t(outcome)}</em>
      </li>
    </ul>
  );
}
