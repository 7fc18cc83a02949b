// The invoices tab (/company-settings/billing-invoices): the history (number, date, period, people, total, status) and each PDF, which
// opens in a new tab (Stripe's for Stripe's invoices, the app's document for the others).
import { type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BillingOff } from "~/components/billing-off";
import { DateRangeText, DateText } from "~/components/date-text";
import { invoiceStatusTone } from "~/lib/billing";
import { formatMoney } from "~/lib/money";
import { requireAdminUser } from "~/utils/auth.server";
import { withPageErrors } from "~/utils/form-errors.server";
import { loadBillingInvoicesTab } from "./billing-invoices.server";

export function loader({ request, context }: LoaderFunctionArgs) {
  return withPageErrors(async () => loadBillingInvoicesTab(await requireAdminUser({ request, context })));
}

export default function BillingInvoicesTab() {
  const { t, i18n } = useTranslation();
  const { invoices, billingOff } = useLoaderData<typeof loader>();
  return (
    <div className="billing">
      <BillingOff notice={billingOff} />
      <section className="card" aria-labelledby="invoices-heading">
        <h2 id="invoices-heading">{t("billing.invoices.title")}</h2>
        {invoices.length === 0 ? (
          <div className="empty-state" data-testid="invoices-empty">
            <p>{t("billing.invoices.empty")}</p>
          </div>
        ) : (
          <div className="table-wrap">
            <table className="table invoices-table card-table">
              <thead>
                <tr>
                  <th scope="col">{t("billing.invoices.number")}</th>
                  <th scope="col">{t("billing.invoices.date")}</th>
                  <th scope="col">{t("billing.invoices.period")}</th>
                  <th scope="col">{t("billing.invoices.people")}</th>
                  <th scope="col">{t("billing.invoices.total")}</th>
                  <th scope="col">{t("billing.invoices.status.label")}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t("billing.invoices.pdf")}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {invoices.map((invoice) => {
                  const tone = invoiceStatusTone(invoice.status);
                  return (
                    <tr key={invoice.id} data-testid="invoice-row">
                      <th scope="row" className="card-table__title card-table__wide">{invoice.number}</th>
                      <td data-label={t("billing.invoices.date")}>
                        <DateText date={invoice.date} />
                      </td>
                      <td data-label={t("billing.invoices.period")}>
                        <DateRangeText start={invoice.periodStart} end={invoice.periodEnd} />
                      </td>
                      <td data-label={t("billing.invoices.people")}>{invoice.people}</td>
                      <td className="invoices-table__total" data-label={t("billing.invoices.total")}>{formatMoney(invoice.totalCents, invoice.currency, i18n.language)}</td>
                      <td data-label={t("billing.invoices.status.label")}>
                        <span className={`invoice-status invoice-status--${tone}`} data-status={invoice.status}>
                          {t(`billing.invoices.status.${invoice.status}`, { defaultValue: invoice.status })}
                        </span>
                      </td>
                      <td className="card-table__actions">
                        {/* A new tab: the PDF (or the page saying it is not available) opens beside the list. */}
                        <a href={`/invoices/${encodeURIComponent(invoice.id)}/pdf`} target="_blank" rel="noopener" className="button button--small" aria-label={t("billing.invoices.pdfNamed", { number: invoice.number })}>
                          {t("billing.invoices.pdf")}
                        </a>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
