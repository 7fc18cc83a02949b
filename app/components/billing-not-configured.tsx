import { useTranslation } from "react-i18next";

/** Said on every billing tab when the server has no Stripe keys: what works, what does not, who can fix it. */
export function BillingNotConfigured({ configured }: { configured: boolean }) {
  const { t } = useTranslation();
  if (configured) return null;
  return (
    <div className="notice notice--info billing-unconfigured" role="status" data-testid="billing-not-configured">
      <p className="notice__line">{t("billing.notConfigured")}</p>
    </div>
  );
}
