// How HTML routes answer errors, one way for every screen (docs/decisions/0015-html-errors.md):
// - a loader's AppError (withPageErrors) becomes an error response with the error's own status (a 404 stays a
//   404, a 403 a 403) and its message, which the route's error boundary shows;
// - an action (withActionErrors) answers in one shape, ActionReply: a form's result (field errors next to their
//   fields) and/or a notice, with the error's status.
import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import type { Notice } from "~/components/action-notice";
import type { ConfirmationStepData } from "./confirmation.server";
import { AppError, errorInit } from "./errors.server";

/** What every HTML action answers. */
export interface ActionReply {
  /** A form's submission result (Conform), with errors as locale keys. */
  result?: SubmissionResult<string[]>;
  /** Values the form's error message interpolates. */
  values?: Record<string, string>;
  /** A one-line answer (row actions, refusals). */
  notice?: Notice | null;
  /** A destructive action not confirmed yet: what to post again with confirmed=1 (confirmation.server.ts). */
  confirm?: ConfirmationStepData;
  /** A question the page asks next about what was just done, answered by posting `intent` with `id`. */
  followUp?: { intent: string; id: string };
}

/** What an error boundary receives for an AppError thrown while loading. */
export interface RouteErrorData {
  message: string;
  params: Record<string, string>;
}

function asRouteError(error: unknown): unknown {
  if (error instanceof AppError) {
    return data<RouteErrorData>({ message: error.message, params: error.params }, errorInit(error));
  }
  return error;
}

// Called inside the loader or action (`return withPageErrors(async () => …)`), not wrapped around
// it: the classic compiler strips `export function loader` from the browser bundle, but not an
// `export const loader = wrapper(…)`, which would run the (emptied) server module's wrapper there.

/** Runs an HTML route's loader body so a model's AppError shows with its own status and message. */
export async function withPageErrors<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    throw asRouteError(error);
  }
}

/** Runs an HTML route's action body: an AppError nobody handled becomes an error notice with its status. */
export async function withActionErrors<T>(act: () => Promise<T>) {
  try {
    return await act();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return data<ActionReply>({ notice: noticeOf(error, "errors.actionFailed") }, errorInit(error));
  }
}

/** An error notice: the action's failure line, then the model's reason. */
export function noticeOf(error: AppError, key: string): Notice {
  return { tone: "error", key, detail: error.message, values: error.params };
}

type Reply = (options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] }) => SubmissionResult<string[]>;

/**
 * Turns an AppError from a model into the form's answer: field errors next to their fields, the
 * rest as a form error, with the error's HTTP status. Anything else is rethrown.
 */
export function replyWithAppError(error: unknown, reply: Reply, hideFields: string[] = []) {
  if (!(error instanceof AppError)) throw error;
  const fieldErrors = Object.fromEntries(Object.entries(error.fields).map(([field, key]) => [field, [key]]));
  const formErrors = Object.keys(fieldErrors).length ? [] : [error.message];
  return data<ActionReply>({ result: reply({ formErrors, fieldErrors, hideFields }), values: error.params }, errorInit(error));
}
