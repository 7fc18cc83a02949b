import { useTranslation } from "react-i18next";
import { messageValues } from "~/i18n";

/** Errors of the whole form (locale keys), announced to screen readers. */
export function FormError({ errors, values }: { errors?: string[]; values?: Record<string, string> }) {
  const { t } = useTranslation();
  if (!errors?.length) return null;
  return (
    <div className="notice notice--error" role="alert">
      {errors.map((error) => (
        <p key={error}>{t(error, messageValues(values))}</p>
      ))}
    </div>
  );
}
