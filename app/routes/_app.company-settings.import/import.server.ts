// The import tab's action, apart from the route module: the CSV reading it uses (csv-parse) needs
// Node's Buffer, and a route module's imports reach the browser's bundle.
import { data } from "@remix-run/node";
import { csvFromForm } from "~/lib/holiday-csv";
import { parseLeaveImportKind, type LeaveImportKind } from "~/lib/leave-import";
import { previewLeaveImport, runLeaveImport, type LeaveImportPlan } from "~/models/leave-import.server";
import type { SignedInViewer } from "~/utils/auth.server";
import { AppError } from "~/utils/errors.server";
import { noticeOf, type ActionReply } from "~/utils/form-errors.server";

export interface ImportReply extends ActionReply {
  kind: LeaveImportKind;
  plan?: LeaveImportPlan & { dryRun: boolean; text: string | null };
}

/** "Preview" (a dry run) or "Import" of one kind of file. */
export async function importAction(viewer: SignedInViewer, formData: FormData) {
  const kind = parseLeaveImportKind(formData.get("kind"));
  if (!kind) throw new AppError(400, "invalid_body", "errors.invalidBody");
  const dryRun = formData.get("mode") !== "import";
  try {
    const upload = await csvFromForm(formData);
    if (!upload.ok) throw new AppError(upload.status, "csv_upload", upload.key, { params: upload.params });
    const plan = dryRun ? await previewLeaveImport(viewer, kind, upload.text) : await runLeaveImport(viewer, kind, upload.text);
    // The preview carries the file's text, so importing it needs no second upload.
    return data<ImportReply>({ kind, plan: { ...plan, dryRun, text: dryRun && plan.counts.created > 0 ? upload.text : null } });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return data<ImportReply>({ kind, notice: noticeOf(error, "leaveImport.failed") }, { status: error.status });
  }
}
