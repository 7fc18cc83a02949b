// The tabs of company settings (the `tab` query parameter), in two groups. Spec: Management
// (Users, Teams, absence types) and Account and Invoicing; "company" (country, time zone,
// default allowance, carry-over) and "api-tokens" (integrations) join Management.
export const MANAGEMENT_TABS = ["users", "teams", "absence-types", "company", "api-tokens"] as const;
export const ACCOUNT_TABS = ["billing-details", "billing-invoices", "billing-payment", "manage-account"] as const;
export const TABS = [...MANAGEMENT_TABS, ...ACCOUNT_TABS] as const;
export type Tab = (typeof TABS)[number];

export function tabOf(value: string | null): Tab {
  return (TABS as readonly string[]).includes(value ?? "") ? (value as Tab) : "users";
}
