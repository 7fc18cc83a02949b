import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import { AppError } from "./errors.server";

type Reply = (options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] }) => SubmissionResult<string[]>;

/**
 * Turns an AppError from a model into the form's answer: field errors next to their fields, the
 * rest as a form error (locale keys either way) with the error's HTTP status. Anything else is
 * rethrown to the error boundary.
 */
export function replyWithAppError(error: unknown, reply: Reply, hideFields: string[] = []) {
  if (!(error instanceof AppError)) throw error;
  const fieldErrors = error.status === 400 || error.status === 409 ? fieldErrorsOf(error) : {};
  const formErrors = Object.keys(fieldErrors).length ? [] : [error.message];
  return data(
    { result: reply({ formErrors, fieldErrors, hideFields }), values: error.fields ?? {} },
    { status: error.status },
  );
}

function fieldErrorsOf(error: AppError): Record<string, string[]> {
  // `fields` maps a field name to a locale key; interpolation values (e.g. minutes) are not fields.
  return Object.fromEntries(
    Object.entries(error.fields ?? {})
      .filter(([, value]) => /^[a-z]+\.[a-zA-Z.]+$/.test(value))
      .map(([field, key]) => [field, [key]]),
  );
}
