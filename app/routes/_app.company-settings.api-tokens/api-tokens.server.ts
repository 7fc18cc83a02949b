// The API tokens tab's data and form actions (intents "apiTokens.*"): the company's tokens in use,
// creating one (its secret is in this one answer, never in an address or a later page) and
// revoking one (asked first, with and without JavaScript).
import { data } from "@remix-run/node";
import { dateAndTimeIn } from "~/lib/calendar-feeds";
import { parseWithZod } from "@conform-to/zod/v4";
import { apiTokenIdSchema, createApiTokenSchema } from "~/lib/schemas/api-tokens";
import { createApiToken, getApiToken, listApiTokens, MAX_ACTIVE_API_TOKENS, revokeApiToken } from "~/models/integration-token.server";
import type { SignedInViewer } from "~/utils/auth.server";
import { confirmationStep, needsConfirmation } from "~/utils/confirmation.server";
import { getEnv } from "~/utils/env.server";
import { AppError } from "~/utils/errors.server";
import { noticeOf, type ActionReply } from "~/utils/form-errors.server";

export async function loadApiTokensTab(viewer: SignedInViewer) {
  const tokens = await listApiTokens(viewer);
  const at = (instant: Date) => dateAndTimeIn(instant, viewer.timeZone);
  return {
    max: MAX_ACTIVE_API_TOKENS,
    apiUrl: `${getEnv().APP_URL}/api`,
    tokens: tokens.map((token) => ({
      id: token.id,
      name: token.name,
      role: token.role,
      hint: token.hint,
      createdBy: token.createdBy.name,
      createdOn: at(token.createdAt).date,
      lastUsed: token.lastUsedAt ? at(token.lastUsedAt) : null,
      working: token.working,
    })),
  };
}

/** What the create form answers on success: the secret, this once. */
export interface IssuedTokenReply extends ActionReply {
  issued?: { id: string; name: string; secret: string };
}

export async function apiTokensAction(viewer: SignedInViewer, formData: FormData) {
  switch (formData.get("intent")) {
    case "apiTokens.create": {
      const submission = parseWithZod(formData, { schema: createApiTokenSchema });
      if (submission.status !== "success") return data<IssuedTokenReply>({ result: submission.reply() }, { status: 400 });
      try {
        const { token, secret } = await createApiToken(viewer, submission.value);
        return data<IssuedTokenReply>(
          {
            result: submission.reply({ resetForm: true }),
            notice: { tone: "success", key: "apiTokens.notices.created", values: { name: token.name } },
            issued: { id: token.id, name: token.name, secret },
          },
          // The one answer holding the secret: no cache may keep it.
          { headers: { "Cache-Control": "no-store" } },
        );
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const fieldErrors = Object.fromEntries(Object.entries(error.fields).map(([field, key]) => [field, [key]]));
        const notice = Object.keys(fieldErrors).length ? null : noticeOf(error, "apiTokens.errors.createFailed");
        return data<IssuedTokenReply>({ result: submission.reply({ fieldErrors }), values: error.params, notice }, { status: error.status });
      }
    }
    case "apiTokens.revoke": {
      try {
        const parsed = apiTokenIdSchema.safeParse({ tokenId: formData.get("tokenId") });
        if (!parsed.success) throw new AppError(400, "invalid_body", "apiTokens.errors.notFound");
        // Another company's or a revoked token is refused before any question is asked.
        const token = await getApiToken(viewer, parsed.data.tokenId);
        if (needsConfirmation(formData)) return confirmationStep(formData);
        await revokeApiToken(viewer, token.id);
        return data<ActionReply>({ notice: { tone: "success", key: "apiTokens.notices.revoked", values: { name: token.name } } });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return data<ActionReply>({ notice: noticeOf(error, "apiTokens.errors.revokeFailed") }, { status: error.status });
      }
    }
    default:
      throw new AppError(400, "unknown_intent", "errors.invalidBody");
  }
}
