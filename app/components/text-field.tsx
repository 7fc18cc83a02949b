import { type FieldName, getInputProps, useField } from "@conform-to/react";
import { FieldError } from "./field-error";

interface TextFieldProps {
  name: FieldName<string | undefined>;
  label: string;
  type?: "text" | "email" | "password";
  autoComplete?: string;
  hint?: string;
  autoFocus?: boolean;
}

/**
 * A labelled input of a Conform form with its hint and (translated) errors under it. It reads its
 * field through useField (inside the form's FormProvider): Conform re-renders only the components
 * that read a field's errors, so metadata passed down as a prop would never show client errors.
 */
export function TextField({ name, label, type = "text", autoComplete, hint, autoFocus }: TextFieldProps) {
  const [field] = useField(name);
  return (
    <label className="field">
      <span>{label}</span>
      {hint ? <small className="field__hint">{hint}</small> : null}
      <input {...getInputProps(field, { type })} autoComplete={autoComplete} autoFocus={autoFocus} key={field.key} />
      <FieldError errors={field.errors} id={field.errorId} />
    </label>
  );
}
