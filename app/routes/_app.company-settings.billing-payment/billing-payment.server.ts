// The payment method tab's data and form action (intent "payment.save").
import { data } from "@remix-run/node";
import { CARD_BRANDS, expiryYears } from "~/lib/billing";
import { todayIn } from "~/lib/dates";
import { parseWithZod } from "@conform-to/zod/v4";
import { paymentMethodSchema } from "~/lib/schemas/billing";
import { billingOffNotice, getPaymentMethod, savePaymentMethod } from "~/models/billing.server";
import type { SignedInViewer } from "~/utils/auth.server";
import { AppError } from "~/utils/errors.server";
import { replyWithAppError, type ActionReply } from "~/utils/form-errors.server";

/** This year and month in the company's zone: the card rules' "now". */
function yearMonth(viewer: SignedInViewer) {
  const today = todayIn(viewer.timeZone);
  return { year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)) };
}

export async function loadBillingPaymentTab(viewer: SignedInViewer) {
  const card = await getPaymentMethod(viewer);
  const { year, month } = yearMonth(viewer);
  return {
    // The browser checks the expiry against the company's month too, not its own clock's.
    month,
    billingOff: billingOffNotice(viewer),
    card: card && { brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear },
    brands: [...CARD_BRANDS],
    years: expiryYears(year),
  };
}

export async function paymentAction(viewer: SignedInViewer, formData: FormData) {
  if (formData.get("intent") !== "payment.save") throw new AppError(400, "unknown_intent", "errors.invalidBody");
  const { year, month } = yearMonth(viewer);
  const submission = parseWithZod(formData, { schema: paymentMethodSchema(year, month) });
  if (submission.status !== "success") return data<ActionReply>({ result: submission.reply() }, { status: 400 });
  try {
    await savePaymentMethod(viewer, submission.value);
  } catch (error) {
    return replyWithAppError(error, submission.reply);
  }
  return data<ActionReply>({ result: submission.reply(), notice: { tone: "success", key: "billing.payment.saved" } });
}
