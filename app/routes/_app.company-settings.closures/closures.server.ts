// The Closures tab's data and form actions (intents "closures.*"): the company's closures; a
// closure's preview, answered to a POST so it works without JavaScript; booking it with the
// admin's choices (the server plans again, it never books figures the page sent); cancelling one
// (asked first, with and without JavaScript). Rules: app/models/closure.server.ts.
import { data } from "@remix-run/node";
import { parseClosureChoice, type ClosureChoice } from "~/lib/closures";
import { closureFormSchema, closureIdSchema, type ClosureForm } from "~/lib/schemas/closures";
import { readCategoryListing } from "~/models/absence-category.server";
import { bookClosure, cancelClosure, getClosure, listClosures, previewClosure, type ClosureInput, type ClosurePreview } from "~/models/closure.server";
import { listTeams } from "~/models/team.server";
import type { SignedInViewer } from "~/utils/auth.server";
import { confirmationStep, needsConfirmation } from "~/utils/confirmation.server";
import { getDb } from "~/utils/db.server";
import { AppError } from "~/utils/errors.server";
import { noticeOf, type ActionReply } from "~/utils/form-errors.server";

export async function loadClosuresTab(viewer: SignedInViewer) {
  const [closures, categories, teams] = await Promise.all([listClosures(viewer), readCategoryListing(getDb(), viewer.companyId, { activeOnly: false }), listTeams(viewer)]);
  return {
    closures,
    categories: categories.map((category) => ({ id: category.id, name: category.name, active: category.active })),
    teams,
  };
}

/** The form's values as posted, sent back so the form shows them again (without JavaScript too). */
export type ClosureFormValues = Partial<Record<"name" | "startDate" | "endDate" | "categoryId" | "scope", string>> & { teamIds?: string[] };

export interface ClosuresReply extends ActionReply {
  form?: ClosureFormValues;
  fieldErrors?: Record<string, string>;
  preview?: ClosurePreview;
}

function formValues(formData: FormData): ClosureFormValues {
  const text = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" ? value : undefined;
  };
  return {
    name: text("name"),
    startDate: text("startDate"),
    endDate: text("endDate"),
    categoryId: text("categoryId"),
    scope: text("scope"),
    teamIds: formData.getAll("teamIds").filter((value): value is string => typeof value === "string"),
  };
}

function closureInputOf(form: ClosureForm): ClosureInput {
  return { name: form.name, startDate: form.startDate, endDate: form.endDate, categoryId: form.categoryId, teamIds: form.scope === "teams" ? form.teamIds : null };
}

const CHOICE_PREFIX = "choice.";

function choicesOf(formData: FormData) {
  const all = parseClosureChoice(formData.get("choiceAll")) ?? { kind: "charge" };
  const byUser: Record<string, ClosureChoice> = {};
  for (const [name, value] of formData) {
    if (!name.startsWith(CHOICE_PREFIX)) continue;
    const choice = parseClosureChoice(value);
    if (choice) byUser[name.slice(CHOICE_PREFIX.length)] = choice;
  }
  return { all, byUser };
}

export async function closuresAction(viewer: SignedInViewer, formData: FormData) {
  const intent = formData.get("intent");
  switch (intent) {
    case "closures.preview":
    case "closures.book": {
      const form = formValues(formData);
      const parsed = closureFormSchema.safeParse({ ...form, teamIds: form.teamIds ?? [] });
      if (!parsed.success) {
        const fieldErrors: Record<string, string> = {};
        for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0] ?? "name")] ??= issue.message;
        return data<ClosuresReply>({ form, fieldErrors }, { status: 400 });
      }
      const input = closureInputOf(parsed.data);
      try {
        if (intent === "closures.preview") return data<ClosuresReply>({ form, preview: await previewClosure(viewer, input) });
        const booked = await bookClosure(viewer, input, choicesOf(formData));
        return data<ClosuresReply>({ notice: { tone: "success", key: "closures.notices.booked", values: { name: booked.closure.name, count: String(booked.people) } } });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const fieldErrors = error.fields;
        const notice = Object.keys(fieldErrors).length ? null : noticeOf(error, "closures.errors.failed");
        return data<ClosuresReply>({ form, fieldErrors, notice, values: error.params }, { status: error.status });
      }
    }
    case "closures.cancel": {
      try {
        const parsed = closureIdSchema.safeParse({ closureId: formData.get("closureId") });
        if (!parsed.success) throw new AppError(400, "invalid_body", "closures.errors.notFound");
        // Another company's or an already cancelled closure is refused before any question is asked.
        const closure = await getClosure(viewer, parsed.data.closureId);
        if (needsConfirmation(formData)) return confirmationStep(formData);
        const { removed } = await cancelClosure(viewer, closure.id);
        return data<ClosuresReply>({ notice: { tone: "success", key: "closures.notices.cancelled", values: { name: closure.name, count: String(removed) } } });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return data<ClosuresReply>({ notice: noticeOf(error, "closures.errors.cancelFailed") }, { status: error.status });
      }
    }
    default:
      throw new AppError(400, "unknown_intent", "errors.invalidBody");
  }
}
