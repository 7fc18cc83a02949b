// The tabs of company settings, in two groups. Spec: Management (Users, Teams, absence categories) and
// Account and Invoicing; "company" (country, time zone, default allowance, carry-over) and
// "api-tokens" (integrations) join Management, and so does "work-schedules" (the company default and
// one schedule for several people; issue 40), "closures" and "lock-dates" (issue 41) and "integrations" (signed outgoing webhooks; issue 43) and "import" (balances and past absences from CSV; issue 43) and "provisioning" (SCIM tokens; issue 42) and "security" (the company's own single sign-on; issue 42, owner only, read-only for other admins). Each is the route /company-settings/<tab>.
export const MANAGEMENT_TABS = ["users", "teams", "work-schedules", "absence-types", "closures", "lock-dates", "company", "api-tokens", "integrations", "import", "provisioning", "security"] as const;
export const ACCOUNT_TABS = ["billing-details", "billing-invoices", "billing-payment", "manage-account"] as const;
export const TABS = [...MANAGEMENT_TABS, ...ACCOUNT_TABS] as const;
export type Tab = (typeof TABS)[number];

export function tabPath(tab: Tab): string {
  return `/company-settings/${tab}`;
}

/** The tab a `?tab=` link of the spec names (the default one for none or an unknown one). */
export function tabOf(value: string | null): Tab {
  return (TABS as readonly string[]).includes(value ?? "") ? (value as Tab) : "users";
}
