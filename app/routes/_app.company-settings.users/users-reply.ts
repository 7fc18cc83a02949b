// What the Users tab's loader gives its two views, and which form an action's answer belongs to.
import type { SubmissionResult } from "@conform-to/react";
import { useActionData, type useLoaderData, useNavigation } from "@remix-run/react";
import type { Notice } from "~/components/action-notice";
import { tabPath } from "../_app.company-settings/tabs";
import type { action, loader } from "./route";

export const USERS_URL = tabPath("users");

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;
export type UsersEditData = Extract<Loaded, { view: "edit" }>;
export type UsersListData = Extract<Loaded, { view: "list" }>;

/** Each balance's unit, as the loader answers it. */
export type AllowanceUnits = UsersEditData["units"];

/**
 * An allowance field's label: the balance's name, and its unit when the company has a balance in
 * hours ("Férias anuais (horas)"), so nobody types days into an hour balance (decision 0081).
 */
export function allowanceLabel(t: (key: string) => string, field: "yearly" | "residual" | "specialLeave", units: AllowanceUnits): string {
  const name = t(`people.allowances.${field}`);
  if (!Object.values(units).includes("hour")) return name;
  const kind = field === "specialLeave" ? "special" : field;
  return `${name} (${t(`hours.allowances.unit.${units[kind]}`)})`;
}

/** Whether any balance counts hours: the forms then say hours take quarter hours. */
export const anyHours = (units: AllowanceUnits) => Object.values(units).includes("hour");

export interface Reply {
  result?: SubmissionResult<string[]>;
  notice?: Notice | null;
}

/**
 * The answer of the form that was sent, so one form's errors and values never land in another:
 * a result carries the posted intent, except a reset one (after a success), which the success
 * notice names.
 */
export function resultFor(reply: Reply | undefined, intent: string, successKey?: string) {
  const result = reply?.result;
  if (!result) return undefined;
  if (result.initialValue?.intent === intent) return result;
  return result.initialValue === null && successKey && reply.notice?.key === successKey ? result : undefined;
}

export function useUsersReply() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const reply = navigation.state === "idle" && actionData ? (actionData as Reply & { confirm?: { fields: Record<string, string> } }) : undefined;
  return { reply, busy: navigation.state !== "idle" };
}
