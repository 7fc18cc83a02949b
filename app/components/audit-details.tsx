import { useTranslation } from "react-i18next";
import { UNKNOWN_FIGURE } from "~/lib/format";
import { isVacationStatus } from "~/lib/statuses";

type Change = { old: unknown; new: unknown };
type Translate = (key: string, options?: Record<string, unknown>) => string;

function isChange(value: unknown): value is Change {
  return Boolean(value) && typeof value === "object" && !Array.isArray(value) && "old" in (value as object) && "new" in (value as object) && Object.keys(value as object).length === 2;
}

// A person's role (roles.*, as the people screens say it); "read" is only an API token's role.
const PERSON_ROLES: readonly string[] = ["user", "admin", "owner"];

/** A value some fields hold as a code the app already has words for: a vacation's status, a role. */
function codeLabel(t: Translate, field: string, value: string): string | undefined {
  if (field === "status" && isVacationStatus(value)) return t(`absences.status.${value}`);
  if (field === "role" && PERSON_ROLES.includes(value)) return t(`roles.${value}`);
  if (field === "role" && value === "read") return t("apiTokens.roles.read");
  return undefined;
}

// Ids only the CSV needs: the absences a removal cancelled are counted, an allowance's row is not shown.
const COUNTED_FIELDS: readonly string[] = ["cancelled_requests"];
const HIDDEN_FIELDS: readonly string[] = ["allowance_id"];

function useValueText(names: Record<string, string>) {
  const { t } = useTranslation();
  return (field: string, value: unknown): string => {
    if (value === null || value === undefined || value === "") return UNKNOWN_FIGURE;
    if (typeof value === "boolean") return t(value ? "audit.yes" : "audit.no");
    if (typeof value === "string") return names[value] ?? codeLabel(t, field, value) ?? value;
    if (Array.isArray(value) && COUNTED_FIELDS.includes(field)) return String(value.length);
    if (Array.isArray(value)) return value.length ? value.map((item) => (typeof item === "object" ? JSON.stringify(item) : (names[String(item)] ?? String(item)))).join(", ") : UNKNOWN_FIGURE;
    return typeof value === "object" ? JSON.stringify(value) : String(value);
  };
}

/**
 * An entry's details: each changed field as "old → new", each fact as its value. A field's label is
 * audit.fields.<key> in public/locales/<language>/audit.json; a key with no label shows as itself.
 * An id the page has a name for (a person, a team, an absence type: `names`) shows as that name.
 */
export function AuditDetails({ details, names = {} }: { details: Record<string, unknown>; names?: Record<string, string> }) {
  const { t } = useTranslation();
  const text = useValueText(names);
  const fields = Object.entries(details).filter(([field]) => !HIDDEN_FIELDS.includes(field));
  if (fields.length === 0) return <span className="muted">{UNKNOWN_FIGURE}</span>;
  return (
    <dl className="audit-details">
      {fields.map(([field, value]) => (
        <div key={field} className="audit-details__row">
          <dt>{field.includes(".") ? field : t(`audit.fields.${field}`, { defaultValue: field })}</dt>
          <dd>
            {isChange(value) ? (
              <>
                <span className="audit-details__old">{text(field, value.old)}</span>
                <span aria-label={t("audit.changedTo")}> → </span>
                <span className="audit-details__new">{text(field, value.new)}</span>
              </>
            ) : (
              text(field, value)
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
