// The Security tab's data and form actions (intents "sso.*"): the company's own OpenID provider
// (decision 0089). Company admins read it; the owner saves it (discovery asked first), runs a test
// sign-in, requires it (refused until a sign-in through it has worked) and removes it (asked first,
// with and without JavaScript). The rules are the model's (app/models/company-sso.server.ts).
import { data } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod/v4";
import { ssoSettingsSchema } from "~/lib/schemas/sso";
import { getSsoSettings, ownSsoSettings, removeSso, saveSsoSettings, setSsoRequired } from "~/models/company-sso.server";
import type { SignedInViewer } from "~/utils/auth.server";
import { confirmationStep, needsConfirmation } from "~/utils/confirmation.server";
import { AppError } from "~/utils/errors.server";
import { noticeOf, type ActionReply } from "~/utils/form-errors.server";
import { redirectUri } from "~/utils/oidc.server";
import { SIGN_IN_ERRORS, startSsoTest } from "~/utils/provider-sign-in.server";

export interface SecurityReply extends ActionReply {
  /** The test sign-in's IdP address, where the page goes on (components/continue-to-provider.tsx). */
  continueTo?: string;
}

export async function loadSecurityTab(viewer: SignedInViewer, url: URL) {
  const sso = await getSsoSettings(viewer);
  const signInError = url.searchParams.get("signInError");
  return {
    canManage: viewer.role === "owner",
    sso: sso ? { issuer: sso.issuer, clientId: sso.clientId, domains: sso.domains, required: sso.required, verified: sso.verifiedAt !== null } : null,
    redirectUrl: redirectUri("sso"),
    // Where a test sign-in came back to (provider-sign-in.server.ts).
    tested: url.searchParams.get("tested") === "1",
    signInError: (SIGN_IN_ERRORS as readonly string[]).includes(signInError ?? "") ? signInError : null,
  };
}

export async function securityAction(request: Request, viewer: SignedInViewer, formData: FormData) {
  const intent = formData.get("intent");
  if (intent === "sso.save") {
    const submission = parseWithZod(formData, { schema: ssoSettingsSchema });
    if (submission.status !== "success") return data<ActionReply>({ result: submission.reply({ hideFields: ["clientSecret"] }) }, { status: 400 });
    try {
      await saveSsoSettings(viewer, submission.value);
      // Reset to what was saved (the loader's): with JavaScript the typed secret leaves the field too.
      return data<ActionReply>({ result: submission.reply({ resetForm: true }), notice: { tone: "success", key: "sso.saved" } });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const fieldErrors = Object.fromEntries(Object.entries(error.fields).map(([field, key]) => [field, [key]]));
      const notice = Object.keys(fieldErrors).length ? null : noticeOf(error, "sso.saveFailed");
      return data<ActionReply>({ result: submission.reply({ fieldErrors, hideFields: ["clientSecret"] }), values: error.params, notice }, { status: error.status });
    }
  }
  try {
    switch (intent) {
      case "sso.test": {
        const started = await startSsoTest(request, viewer);
        return data<SecurityReply>({ continueTo: started.url }, { headers: { "Set-Cookie": started.cookie } });
      }
      case "sso.require":
      case "sso.unrequire": {
        const required = intent === "sso.require";
        await setSsoRequired(viewer, required);
        return data<ActionReply>({ notice: { tone: "success", key: required ? "sso.requiredOn" : "sso.requiredOff" } });
      }
      case "sso.remove":
        // Only an owner with something to remove is asked.
        await ownSsoSettings(viewer);
        if (needsConfirmation(formData)) return confirmationStep(formData);
        await removeSso(viewer);
        return data<ActionReply>({ notice: { tone: "success", key: "sso.removed" } });
      default:
        throw new AppError(400, "unknown_intent", "errors.invalidBody");
    }
  } catch (error) {
    if (!(error instanceof AppError) || error.code === "unknown_intent") throw error;
    return data<ActionReply>({ notice: noticeOf(error, "sso.failed") }, { status: error.status });
  }
}
