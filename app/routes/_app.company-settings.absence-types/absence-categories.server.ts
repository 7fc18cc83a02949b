// The absence-types tab's data and form actions (intents "absence-types.*"). Create and update
// redirect back to the list (post/redirect/get, also without JavaScript); row actions answer a notice.
import { data, redirect } from "@remix-run/node";
import { categoryName } from "~/components/absence-category-name";
import { parseWithZod } from "@conform-to/zod/v4";
import { absenceCategoryRowSchema, absenceCategorySchema, companyLeaveUnitSchema, updateAbsenceCategorySchema } from "~/lib/schemas/absence-categories";
import { absenceCategoryUsage, createAbsenceCategory, deleteAbsenceCategory, getCompanyLeaveUnit, listAbsenceCategories, setCompanyLeaveUnit, updateAbsenceCategory } from "~/models/absence-category.server";
import type { SignedInViewer } from "~/utils/auth.server";
import { confirmationStep, needsConfirmation } from "~/utils/confirmation.server";
import { AppError } from "~/utils/errors.server";
import { noticeOf, replyWithAppError, type ActionReply } from "~/utils/form-errors.server";
import { getLanguage, getT } from "~/utils/i18n.server";
import { tabPath } from "../_app.company-settings/tabs";

const TAB_URL = tabPath("absence-types");

export async function loadAbsenceCategoriesTab(viewer: SignedInViewer, url: URL) {
  const [categories, usage, leaveUnit] = await Promise.all([listAbsenceCategories(viewer), absenceCategoryUsage(viewer), getCompanyLeaveUnit(viewer)]);
  const known = (id: string | null) => (id && categories.some((category) => category.id === id) ? id : null);
  const created = known(url.searchParams.get("created"));
  const saved = known(url.searchParams.get("saved"));
  return {
    categories: categories.map((category) => ({ ...category, uses: usage[category.id] ?? 0 })),
    leaveUnit,
    // ?edit=<id> puts the category's form in place of the new-category form (a link, so it works without JS).
    editing: known(url.searchParams.get("edit")),
    done: created ? { key: "absenceTypes.notices.created", id: created } : saved ? { key: "absenceTypes.notices.saved", id: saved } : null,
  };
}

const ROW_ACTIONS = {
  "absence-types.deactivate": { success: "absenceTypes.notices.deactivated", failure: "absenceTypes.notices.deactivateFailed" },
  "absence-types.activate": { success: "absenceTypes.notices.activated", failure: "absenceTypes.notices.activateFailed" },
  "absence-types.delete": { success: "absenceTypes.notices.deleted", failure: "absenceTypes.notices.deleteFailed" },
} as const;

export async function absenceCategoriesAction(viewer: SignedInViewer, request: Request, formData: FormData) {
  const intent = String(formData.get("intent") ?? "");
  if (intent === "absence-types.unit") {
    const submission = parseWithZod(formData, { schema: companyLeaveUnitSchema });
    if (submission.status !== "success") return data<ActionReply>({ notice: { tone: "error", key: "hours.notices.unitFailed", detail: "hours.errors.unitInvalid" } }, { status: 400 });
    await setCompanyLeaveUnit(viewer, submission.value.leaveUnit);
    return data<ActionReply>({ notice: { tone: "success", key: "hours.notices.unitSaved" } });
  }
  if (intent === "absence-types.create") {
    const submission = parseWithZod(formData, { schema: absenceCategorySchema });
    if (submission.status !== "success") return data<ActionReply>({ result: submission.reply() }, { status: 400 });
    try {
      const created = await createAbsenceCategory(viewer, submission.value);
      return redirect(`${TAB_URL}?created=${encodeURIComponent(created.id)}`);
    } catch (error) {
      return replyWithAppError(error, submission.reply);
    }
  }
  if (intent === "absence-types.update") {
    const submission = parseWithZod(formData, { schema: updateAbsenceCategorySchema });
    if (submission.status !== "success") return data<ActionReply>({ result: submission.reply() }, { status: 400 });
    const { typeId, ...fields } = submission.value;
    try {
      const before = (await listAbsenceCategories(viewer)).find((category) => category.id === typeId);
      // The form shows a seeded category's translated name: sent back unchanged, it is no rename.
      const t = getT(await getLanguage(request));
      const name = before && categoryName(t, before) === fields.name ? before.name : fields.name;
      await updateAbsenceCategory(viewer, typeId, { ...fields, name });
      return redirect(`${TAB_URL}?saved=${encodeURIComponent(typeId)}`);
    } catch (error) {
      return replyWithAppError(error, submission.reply);
    }
  }
  if (intent in ROW_ACTIONS) {
    const keys = ROW_ACTIONS[intent as keyof typeof ROW_ACTIONS];
    const parsed = absenceCategoryRowSchema.safeParse({ typeId: formData.get("typeId") });
    if (!parsed.success) return data<ActionReply>({ notice: { tone: "error", key: keys.failure, detail: "absenceTypes.errors.notFound" } }, { status: 400 });
    // Deleting cannot be undone: without JavaScript the first POST only asks.
    if (intent === "absence-types.delete" && needsConfirmation(formData)) return confirmationStep(formData);
    const { typeId } = parsed.data;
    try {
      if (intent === "absence-types.delete") await deleteAbsenceCategory(viewer, typeId);
      else await updateAbsenceCategory(viewer, typeId, { active: intent === "absence-types.activate" });
    } catch (error) {
      if (error instanceof AppError) return data<ActionReply>({ notice: noticeOf(error, keys.failure) }, { status: error.status });
      throw error;
    }
    return data<ActionReply>({ notice: { tone: "success", key: keys.success } });
  }
  throw new AppError(400, "unknown_intent", "errors.invalidBody");
}
