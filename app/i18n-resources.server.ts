// Every language's messages, for the server (pages, e-mails, API messages). The browser gets only
// its page's language, as data in the document (root.tsx), never this module.
import enAbsences from "../public/locales/en/absences.json";
import enApiDocs from "../public/locales/en/apiDocs.json";
import enAudit from "../public/locales/en/audit.json";
import enAbsenceTypes from "../public/locales/en/absenceTypes.json";
import enBalances from "../public/locales/en/balances.json";
import enBilling from "../public/locales/en/billing.json";
import enCalendar from "../public/locales/en/calendar.json";
import enCommon from "../public/locales/en/common.json";
import enFeeds from "../public/locales/en/feeds.json";
import enHolidays from "../public/locales/en/holidays.json";
import enIdentity from "../public/locales/en/identity.json";
import enNotifications from "../public/locales/en/notifications.json";
import enOnboarding from "../public/locales/en/onboarding.json";
import enPeople from "../public/locales/en/people.json";
import enPublic from "../public/locales/en/public.json";
import enReports from "../public/locales/en/reports.json";
import enSettings from "../public/locales/en/settings.json";
import enTeams from "../public/locales/en/teams.json";
import esAbsences from "../public/locales/es/absences.json";
import esApiDocs from "../public/locales/es/apiDocs.json";
import esAudit from "../public/locales/es/audit.json";
import esAbsenceTypes from "../public/locales/es/absenceTypes.json";
import esBalances from "../public/locales/es/balances.json";
import esBilling from "../public/locales/es/billing.json";
import esCalendar from "../public/locales/es/calendar.json";
import esCommon from "../public/locales/es/common.json";
import esFeeds from "../public/locales/es/feeds.json";
import esHolidays from "../public/locales/es/holidays.json";
import esIdentity from "../public/locales/es/identity.json";
import esNotifications from "../public/locales/es/notifications.json";
import esOnboarding from "../public/locales/es/onboarding.json";
import esPeople from "../public/locales/es/people.json";
import esPublic from "../public/locales/es/public.json";
import esReports from "../public/locales/es/reports.json";
import esSettings from "../public/locales/es/settings.json";
import esTeams from "../public/locales/es/teams.json";
import ptAbsences from "../public/locales/pt/absences.json";
import ptApiDocs from "../public/locales/pt/apiDocs.json";
import ptAudit from "../public/locales/pt/audit.json";
import ptAbsenceTypes from "../public/locales/pt/absenceTypes.json";
import ptBalances from "../public/locales/pt/balances.json";
import ptBilling from "../public/locales/pt/billing.json";
import ptCalendar from "../public/locales/pt/calendar.json";
import ptCommon from "../public/locales/pt/common.json";
import ptFeeds from "../public/locales/pt/feeds.json";
import ptHolidays from "../public/locales/pt/holidays.json";
import ptIdentity from "../public/locales/pt/identity.json";
import ptNotifications from "../public/locales/pt/notifications.json";
import ptOnboarding from "../public/locales/pt/onboarding.json";
import ptPeople from "../public/locales/pt/people.json";
import ptPublic from "../public/locales/pt/public.json";
import ptReports from "../public/locales/pt/reports.json";
import ptSettings from "../public/locales/pt/settings.json";
import ptTeams from "../public/locales/pt/teams.json";

// Each language is split into files by area (distinct top-level keys) that merge into the one
// "common" namespace.
const en = { ...enCommon, ...enAbsences, ...enIdentity, ...enSettings, ...enNotifications, ...enReports, ...enOnboarding, ...enAbsenceTypes, ...enBalances, ...enPeople, ...enTeams, ...enCalendar, ...enFeeds, ...enHolidays, ...enAudit, ...enBilling, ...enPublic, ...enApiDocs };
const pt = { ...ptCommon, ...ptAbsences, ...ptIdentity, ...ptSettings, ...ptNotifications, ...ptReports, ...ptOnboarding, ...ptAbsenceTypes, ...ptBalances, ...ptPeople, ...ptTeams, ...ptCalendar, ...ptFeeds, ...ptHolidays, ...ptAudit, ...ptBilling, ...ptPublic, ...ptApiDocs };
const es = { ...esCommon, ...esAbsences, ...esIdentity, ...esSettings, ...esNotifications, ...esReports, ...esOnboarding, ...esAbsenceTypes, ...esBalances, ...esPeople, ...esTeams, ...esCalendar, ...esFeeds, ...esHolidays, ...esAudit, ...esBilling, ...esPublic, ...esApiDocs };
export const resources = { pt: { common: pt }, en: { common: en }, es: { common: es } };

