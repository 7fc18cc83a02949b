// The actions the audit records, grouped by what comes before the dot, as the audit screen's action
// filter lists them (a group's first option, "<group>.*", takes all of them). Each has
// a label under audit.actions.<action> in public/locales/*/audit.json; an action written by code
// newer than this list still shows (its code stands for the label) and can be filtered through
// the API. A new recordAudit action adds one line here and one label per language.
export const AUDIT_ACTION_GROUPS = {
  vacation: ["vacation.created", "vacation.approved", "vacation.rejected", "vacation.auto_approved", "vacation.cancelled", "vacation.reviewers_reminded", "vacation.cancellation_notified"],
  user: ["user.invited", "user.invitation_cancelled", "user.invitation_accepted", "user.updated", "user.team_changed", "user.deactivated", "user.certificate_exported", "user.data_exported", "user.provisioned", "user.identity_linked", "user.identity_unlinked"],
  team: ["team.created", "team.renamed", "team.admins_changed", "team.substitute_changed", "team.cover_set", "team.deleted"],
  allowance: ["allowance.updated"],
  work_schedule: ["work_schedule.updated"],
  closure: ["closure.booked", "closure.cancelled"],
  certificate: ["certificate.uploaded", "certificate.files_deleted"],
  blackout: ["blackout.created", "blackout.deleted"],
  leave_import: ["leave_import.balances", "leave_import.absences"],
  holiday: ["holiday.created", "holiday.deleted", "holiday.imported", "holiday.catalogue_loaded"],
  calendar_feed: ["calendar_feed.created", "calendar_feed.renewed", "calendar_feed.revoked"],
  api_token: ["api_token.created", "api_token.revoked"],
  scim_token: ["scim_token.created", "scim_token.revoked"],
  webhook: ["webhook.created", "webhook.updated", "webhook.deleted", "webhook.secret_revealed", "webhook.disabled"],
  chat: ["chat.slack_connected", "chat.slack_disconnected", "chat.teams_connected", "chat.teams_disconnected", "chat.updated"],
  billing: ["billing.details_updated", "billing.language_updated", "billing.contact_added", "billing.contact_removed", "billing.payment_method_saved"],
  account: ["account.deletion_requested"],
  carry_over: ["carry_over.run", "carry_over.applied", "carry_over.reminded", "carry_over.reverted"],
  absence_type: ["absence_type.created", "absence_type.updated", "absence_type.activated", "absence_type.deactivated", "absence_type.deleted"],
  company: ["company.registered", "company.updated", "company.setup_dismissed", "company.demo_created", "company.sso_updated", "company.sso_verified", "company.sso_required", "company.sso_optional", "company.sso_removed"],
  auth: [
    "auth.signed_in",
    "auth.sign_in_failed",
    "auth.signed_out",
    "auth.sessions_revoked",
    "auth.password_reset_requested",
    "auth.password_reset",
    "auth.verification_sent",
    "auth.email_verified",
  ],
} as const;

export type AuditActionGroup = keyof typeof AUDIT_ACTION_GROUPS;

export const AUDIT_ACTIONS: readonly string[] = Object.values(AUDIT_ACTION_GROUPS).flat();

/** An action filter: one action ("team.created") or every action of an entity ("team.*"). */
export const AUDIT_ACTION_FILTER = /^[a-z_]{1,40}\.(?:[a-z_]{1,40}|\*)$/;

/** The locale key of an action's label (i18next reads the dots as nesting). */
export function auditActionKey(action: string): string {
  return `audit.actions.${action}`;
}
