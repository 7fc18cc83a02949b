// The billing details tab's data and form actions: the subscription card (intent
// "subscription.checkout", also posted by the trial banner), the details (locked until Edit:
// `?edit=1`), the billing language, and the billing contacts (intents "billingDetails.*").
import { data, redirect } from "@remix-run/node";
import { isBillingInterval } from "~/lib/billing";
import { parseWithZod } from "@conform-to/zod/v4";
import { billingContactSchema, billingDetailsSchema, billingLanguageSchema, contactIdSchema } from "~/lib/schemas/billing";
import {
  addBillingContact,
  billingOffNotice,
  getBillingDetails,
  listBillingContactCandidates,
  listBillingContacts,
  removeBillingContact,
  setBillingLanguage,
  updateBillingDetails,
} from "~/models/billing.server";
import { loadSubscriptionSummary, startCheckout } from "~/models/subscription.server";
import type { SignedInViewer } from "~/utils/auth.server";
import { confirmationStep, needsConfirmation } from "~/utils/confirmation.server";
import { AppError } from "~/utils/errors.server";
import { noticeOf, replyWithAppError, type ActionReply } from "~/utils/form-errors.server";
import { getLanguage } from "~/utils/i18n.server";

export async function loadBillingDetailsTab(viewer: SignedInViewer, url: URL) {
  const [details, people, contacts, subscription] = await Promise.all([
    getBillingDetails(viewer),
    listBillingContactCandidates(viewer),
    listBillingContacts(viewer),
    loadSubscriptionSummary(viewer),
  ]);
  const billingOff = billingOffNotice(viewer);
  return { configured: billingOff === null, billingOff, editing: url.searchParams.get("edit") === "1", details, people, contacts, subscription };
}

const success = (key: string, values: Record<string, string> = {}) => data<ActionReply>({ notice: { tone: "success", key, values } });

function refused(error: unknown, key: string) {
  if (!(error instanceof AppError)) throw error;
  return data<ActionReply>({ notice: noticeOf(error, key) }, { status: error.status });
}

/** "subscription.checkout": to Stripe, or back to this tab with the spec's failure line. */
async function checkoutAction(viewer: SignedInViewer, request: Request, formData: FormData) {
  const interval = formData.get("interval");
  try {
    const subscriptionId = formData.get("subscriptionId");
    const { url } = await startCheckout(viewer, {
      subscriptionId: typeof subscriptionId === "string" && subscriptionId ? subscriptionId : undefined,
      interval: isBillingInterval(interval) ? interval : "month",
      language: await getLanguage(request),
    });
    return redirect(url, 303);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // The spec's headline; the reason under it (not configured, already subscribed, Stripe down).
    const key = error.message === "billing.checkout.createFailed" || error.message === "billing.checkout.openFailed" ? error.message : "billing.checkout.openFailed";
    return data<ActionReply>({ notice: { tone: "error", key, detail: key === error.message ? undefined : error.message, values: error.params } }, { status: error.status });
  }
}

export async function billingDetailsAction(viewer: SignedInViewer, request: Request, formData: FormData) {
  switch (formData.get("intent")) {
    case "subscription.checkout":
      return checkoutAction(viewer, request, formData);
    case "billingDetails.save": {
      const submission = parseWithZod(formData, { schema: billingDetailsSchema });
      if (submission.status !== "success") return data<ActionReply>({ result: submission.reply() }, { status: 400 });
      try {
        const { changed } = await updateBillingDetails(viewer, submission.value);
        return data<ActionReply>({ result: submission.reply(), notice: { tone: "success", key: changed ? "billing.details.saved" : "billing.details.unchanged" } });
      } catch (error) {
        return replyWithAppError(error, submission.reply);
      }
    }
    case "billingDetails.language": {
      const submission = parseWithZod(formData, { schema: billingLanguageSchema });
      try {
        if (submission.status !== "success") throw new AppError(400, "validation_failed", "billing.validation.languageInvalid");
        await setBillingLanguage(viewer, submission.value.preferredLanguage);
        return success("billing.details.languageUpdated");
      } catch (error) {
        return refused(error, "billing.details.saveFailed");
      }
    }
    case "billingDetails.addContact": {
      const submission = parseWithZod(formData, { schema: billingContactSchema });
      if (submission.status !== "success") return data<ActionReply>({ result: submission.reply() }, { status: 400 });
      try {
        const contact = await addBillingContact(viewer, submission.value);
        return data<ActionReply>({ result: submission.reply({ resetForm: true }), notice: { tone: "success", key: "billing.contacts.added", values: { name: contact.name } } });
      } catch (error) {
        return replyWithAppError(error, submission.reply);
      }
    }
    case "billingDetails.removeContact": {
      const submission = parseWithZod(formData, { schema: contactIdSchema });
      try {
        if (submission.status !== "success") throw new AppError(400, "invalid_body", "errors.invalidBody");
        const contacts = await listBillingContacts(viewer);
        if (!contacts.some((contact) => contact.id === submission.value.contactId)) throw new AppError(404, "not_found", "billing.contacts.notFound");
        if (needsConfirmation(formData)) return confirmationStep(formData);
        const removed = await removeBillingContact(viewer, submission.value.contactId);
        return success("billing.contacts.removed", { name: removed.name });
      } catch (error) {
        return refused(error, "billing.contacts.failed");
      }
    }
    default:
      throw new AppError(400, "unknown_intent", "errors.invalidBody");
  }
}
