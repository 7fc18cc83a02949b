// The manage account tab's data and form action (intent "account.delete", asked first with and
// without JavaScript; only the owner may).
import { data } from "@remix-run/node";
import { getAccountStatus, requestAccountDeletion } from "~/models/account-deletion.server";
import { privacyUrl } from "~/models/billing.server";
import type { SignedInViewer } from "~/utils/auth.server";
import { confirmationStep, needsConfirmation } from "~/utils/confirmation.server";
import { AppError } from "~/utils/errors.server";
import { noticeOf, type ActionReply } from "~/utils/form-errors.server";
import { assertAllowed, canDeleteAccount } from "~/utils/permissions.server";

export async function loadManageAccountTab(viewer: SignedInViewer) {
  return { privacyUrl: privacyUrl(), canDelete: canDeleteAccount(viewer), companyName: viewer.user.company.name, ...(await getAccountStatus(viewer)) };
}

export async function accountAction(viewer: SignedInViewer, formData: FormData) {
  if (formData.get("intent") !== "account.delete") throw new AppError(400, "unknown_intent", "errors.invalidBody");
  try {
    assertAllowed(canDeleteAccount(viewer));
    if (needsConfirmation(formData)) return confirmationStep(formData);
    await requestAccountDeletion(viewer);
    return data<ActionReply>({ notice: { tone: "success", key: "billing.account.requested" } });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return data<ActionReply>({ notice: noticeOf(error, "billing.account.failed") }, { status: error.status });
  }
}
