// GET /invoices/<id>/pdf: an invoice's PDF for the billing tabs (opened in a new tab). Stripe's
// invoices go to Stripe's PDF; the app's own are rendered here. A refusal is a short page in the
// person's language with the spec's message ('PDF não disponível', 'Erro ao buscar PDF do Stripe').
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { escapeHtml } from "~/emails/render.server";
import { messageValues } from "~/i18n";
import { invoicePdfUrl, renderOwnInvoicePdf } from "~/models/invoice.server";
import { requireUser } from "~/utils/auth.server";
import { AppError } from "~/utils/errors.server";
import { getLanguage, getT } from "~/utils/i18n.server";

async function refusal(request: Request, error: AppError) {
  const language = await getLanguage(request);
  const t = getT(language);
  const message = t(error.message, messageValues(error.params));
  return new Response(
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(message)}</title></head>` +
      `<body style="font-family:system-ui,sans-serif;margin:2rem"><main><h1>${escapeHtml(message)}</h1><p><a href="/company-settings/billing-invoices">${escapeHtml(t("billing.invoices.title"))}</a></p></main></body></html>`,
    { status: error.status, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "private, no-store" } },
  );
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requireUser(request);
  try {
    const { url, source } = await invoicePdfUrl(viewer, params.id!);
    if (source === "stripe") return redirect(url);
    const { pdf, filename } = await renderOwnInvoicePdf(viewer, params.id!);
    return new Response(new Uint8Array(pdf), {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": `inline; filename="${filename}"`,
        "Content-Length": String(pdf.length),
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    if (error instanceof AppError) return refusal(request, error);
    throw error;
  }
}
