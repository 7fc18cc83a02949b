import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { FieldError } from "./field-error";

interface TextFieldProps {
  field: FieldMetadata<string | undefined>;
  label: string;
  type?: "text" | "email" | "password";
  autoComplete?: string;
  hint?: string;
  autoFocus?: boolean;
}

/** A labelled input of a Conform form with its hint and (translated) errors under it. */
export function TextField({ field, label, type = "text", autoComplete, hint, autoFocus }: TextFieldProps) {
  return (
    <label className="field">
      <span>{label}</span>
      {hint ? <small className="field__hint">{hint}</small> : null}
      <input {...getInputProps(field, { type })} autoComplete={autoComplete} autoFocus={autoFocus} key={field.key} />
      <FieldError errors={field.errors} id={field.errorId} />
    </label>
  );
}
