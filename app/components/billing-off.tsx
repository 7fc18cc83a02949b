import { useTranslation } from "react-i18next";

/** What a billing tab says when this server does not bill (see billingOffNotice). */
export type BillingOffNotice = "setup" | "off" | null;

/**
 * Said on every billing tab when billing is off: to the owner, what that means and which settings
 * of the server turn it on; to other admins, only that it is off (docs/decisions/0074).
 */
export function BillingOff({ notice }: { notice: BillingOffNotice }) {
  const { t } = useTranslation();
  if (!notice) return null;
  return (
    <div className="notice notice--info billing-off" role="status" data-testid="billing-off">
      <p className="notice__line">{t(notice === "setup" ? "billing.off.setup" : "billing.off.detail")}</p>
    </div>
  );
}
