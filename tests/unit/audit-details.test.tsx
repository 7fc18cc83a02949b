// @module-tag time-zones (rerun under far time zones: npm run test:time-zones)
// The audit screen's details: each recorded key under its label in the page's language (the raw
// key when it has none), statuses and roles in the words the rest of the app uses for them.
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { AuditDetails } from "~/components/audit-details";
import { SUPPORTED_LANGUAGES, type Language } from "~/i18n";
import { UNKNOWN_FIGURE } from "~/lib/format";
import { createPageI18n } from "~/utils/i18n.server";

// Built as app/entry.server.tsx builds a page's translator.
const translators = Object.fromEntries(await Promise.all(SUPPORTED_LANGUAGES.map(async (language) => [language, await createPageI18n(language, ["common"])])));

function render(language: Language, details: Record<string, unknown>, names?: Record<string, string>) {
  const i18n = translators[language];
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <AuditDetails details={details} names={names} />
    </I18nextProvider>,
  );
}

const rows = (html: string) => [...html.matchAll(/<dt>(.*?)<\/dt><dd>(.*?)<\/dd>/g)].map(([, label, value]) => [label, value.replace(/<[^>]+>/g, "")]);

describe("AuditDetails", () => {
  it("shows the ids it has names for as those names, counts cancelled requests and leaves out an allowance's id", () => {
    const details = { user_id: "u1", admins: { old: ["u1"], new: ["u1", "u2"] }, allowance_id: "a1", cancelled_requests: ["v1", "v2", "v3"] };
    expect(rows(render("en", details, { u1: "Eve Employee", u2: "Adam Admin" }))).toEqual([
      ["Person", "Eve Employee"],
      ["Team admins", "Eve Employee → Eve Employee, Adam Admin"],
      ["Requests cancelled", "3"],
    ]);
  });

  it("labels a known key in Portuguese and in English", () => {
    const details = { balance_override: true, countryCode: { old: null, new: "ES" } };
    expect(rows(render("pt", details))).toEqual([
      ["Acima do saldo", "sim"],
      ["País", `${UNKNOWN_FIGURE} → ES`],
    ]);
    expect(rows(render("en", details))).toEqual([
      ["Beyond the balance", "yes"],
      ["Country", `${UNKNOWN_FIGURE} → ES`],
    ]);
  });

  it("shows a status change with the statuses' words, keeping the markup", () => {
    const html = render("pt", { status: { old: "pending", new: "approved" } });
    expect(html).toContain("<dt>Estado</dt>");
    expect(html).toContain('<span class="audit-details__old">Pendente</span>');
    expect(html).toContain('<span aria-label="passou a"> → </span>');
    expect(html).toContain('<span class="audit-details__new">Aprovada</span>');
    expect(rows(render("en", { status: { old: "approved", new: "cancelled" } }))).toEqual([["Status", "Approved → Cancelled"]]);
    expect(rows(render("es", { status: "rejected" }))).toEqual([["Estado", "Rechazada"]]);
  });

  it("shows roles with the app's role labels", () => {
    expect(rows(render("pt", { role: { old: "user", new: "admin" } }))).toEqual([["Função", "Utilizador → Admin"]]);
    expect(rows(render("es", { role: "owner" }))).toEqual([["Rol", "Titular"]]);
  });

  it("shows a key it has no label for as itself, with its value", () => {
    expect(rows(render("pt", { some_new_field: { old: 1, new: 2 }, "dotted.key": "x" }))).toEqual([
      ["some_new_field", "1 → 2"],
      ["dotted.key", "x"],
    ]);
  });

  it("still shows facts: text, numbers, lists, and values that only look like codes elsewhere", () => {
    expect(rows(render("en", { category: "sick_leave", working_days: 3, reviewers: ["a@x.pt", "b@x.pt"], approved_because: "approved" }))).toEqual([
      ["Absence type", "sick_leave"],
      ["Working days", "3"],
      ["Approvers", "a@x.pt, b@x.pt"],
      ["Approved because", "approved"],
    ]);
  });
});
