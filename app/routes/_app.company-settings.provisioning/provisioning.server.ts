// The Provisioning tab's data and form actions (intents "scim.*"): the company's SCIM tokens in use,
// creating one (its secret is in this one answer only) and revoking one (asked first, with and
// without JavaScript). docs/decisions/0090-scim-provisioning.md
import { data } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod/v4";
import { dateAndTimeIn } from "~/lib/calendar-feeds";
import { apiTokenIdSchema } from "~/lib/schemas/api-tokens";
import { createScimTokenSchema } from "~/lib/schemas/scim";
import { createScimToken, getScimToken, listScimTokens, MAX_ACTIVE_SCIM_TOKENS, revokeScimToken } from "~/models/scim-token.server";
import type { SignedInViewer } from "~/utils/auth.server";
import { confirmationStep, needsConfirmation } from "~/utils/confirmation.server";
import { getEnv } from "~/utils/env.server";
import { AppError } from "~/utils/errors.server";
import { noticeOf, type ActionReply } from "~/utils/form-errors.server";

export async function loadProvisioningTab(viewer: SignedInViewer) {
  const tokens = await listScimTokens(viewer);
  const at = (instant: Date) => dateAndTimeIn(instant, viewer.timeZone);
  return {
    max: MAX_ACTIVE_SCIM_TOKENS,
    scimUrl: `${getEnv().APP_URL}/scim/v2`,
    tokens: tokens.map((token) => ({
      id: token.id,
      name: token.name,
      hint: token.hint,
      createdBy: token.createdBy.name,
      createdOn: at(token.createdAt).date,
      lastUsed: token.lastUsedAt ? at(token.lastUsedAt) : null,
      working: token.working,
    })),
  };
}

/** What the create form answers on success: the secret, this once. */
export interface IssuedScimTokenReply extends ActionReply {
  issued?: { id: string; name: string; secret: string };
}

export async function provisioningAction(viewer: SignedInViewer, formData: FormData) {
  switch (formData.get("intent")) {
    case "scim.create": {
      const submission = parseWithZod(formData, { schema: createScimTokenSchema });
      if (submission.status !== "success") return data<IssuedScimTokenReply>({ result: submission.reply() }, { status: 400 });
      try {
        const { token, secret } = await createScimToken(viewer, submission.value);
        return data<IssuedScimTokenReply>(
          {
            result: submission.reply({ resetForm: true }),
            notice: { tone: "success", key: "scim.notices.created", values: { name: token.name } },
            issued: { id: token.id, name: token.name, secret },
          },
          // The one answer holding the secret: no cache may keep it.
          { headers: { "Cache-Control": "no-store" } },
        );
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const fieldErrors = Object.fromEntries(Object.entries(error.fields).map(([field, key]) => [field, [key]]));
        const notice = Object.keys(fieldErrors).length ? null : noticeOf(error, "scim.errors.createFailed");
        return data<IssuedScimTokenReply>({ result: submission.reply({ fieldErrors }), values: error.params, notice }, { status: error.status });
      }
    }
    case "scim.revoke": {
      try {
        const parsed = apiTokenIdSchema.safeParse({ tokenId: formData.get("tokenId") });
        if (!parsed.success) throw new AppError(400, "invalid_body", "scim.errors.notFound");
        // Another company's, an API token's or a revoked token is refused before any question is asked.
        const token = await getScimToken(viewer, parsed.data.tokenId);
        if (needsConfirmation(formData)) return confirmationStep(formData);
        await revokeScimToken(viewer, token.id);
        return data<ActionReply>({ notice: { tone: "success", key: "scim.notices.revoked", values: { name: token.name } } });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return data<ActionReply>({ notice: noticeOf(error, "scim.errors.revokeFailed") }, { status: error.status });
      }
    }
    default:
      throw new AppError(400, "unknown_intent", "errors.invalidBody");
  }
}
