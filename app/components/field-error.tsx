import { useTranslation } from "react-i18next";

/** Errors are locale keys (see app/lib/schemas); shown under the field and tied to it by id. */
export function FieldError({ errors, id }: { errors?: string[]; id: string }) {
  const { t } = useTranslation();
  if (!errors?.length) return null;
  return (
    <span className="field__error" id={id} role="alert">
      {errors.map((error) => t(error)).join(" ")}
    </span>
  );
}
