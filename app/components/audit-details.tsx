import { useTranslation } from "react-i18next";
import { UNKNOWN_FIGURE } from "~/lib/format";

type Change = { old: unknown; new: unknown };

function isChange(value: unknown): value is Change {
  return Boolean(value) && typeof value === "object" && !Array.isArray(value) && "old" in (value as object) && "new" in (value as object) && Object.keys(value as object).length === 2;
}

function useValueText() {
  const { t } = useTranslation();
  return (value: unknown): string => {
    if (value === null || value === undefined || value === "") return UNKNOWN_FIGURE;
    if (typeof value === "boolean") return t(value ? "audit.yes" : "audit.no");
    if (Array.isArray(value)) return value.length ? value.map((item) => (typeof item === "object" ? JSON.stringify(item) : String(item))).join(", ") : UNKNOWN_FIGURE;
    return typeof value === "object" ? JSON.stringify(value) : String(value);
  };
}

/** An entry's details: each changed field as "old → new", each fact as its value. */
export function AuditDetails({ details }: { details: Record<string, unknown> }) {
  const { t } = useTranslation();
  const text = useValueText();
  const fields = Object.entries(details);
  if (fields.length === 0) return <span className="muted">{UNKNOWN_FIGURE}</span>;
  return (
    <dl className="audit-details">
      {fields.map(([field, value]) => (
        <div key={field} className="audit-details__row">
          <dt>{field}</dt>
          <dd>
            {isChange(value) ? (
              <>
                <span className="audit-details__old">{text(value.old)}</span>
                <span aria-label={t("audit.changedTo")}> → </span>
                <span className="audit-details__new">{text(value.new)}</span>
              </>
            ) : (
              text(value)
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
