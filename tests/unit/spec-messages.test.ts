// The spec's own messages (sections 5 and 8, and the no-admin message section 8 points to) stay
// exactly as written, wherever the product shows them today. A translation may differ only in a
// language the spec does not quote.
import { describe, expect, it } from "vitest";
import { resources } from "~/i18n-resources.server";

type Messages = Record<string, unknown>;

function valueAt(messages: Messages, key: string): unknown {
  return key.split(".").reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Messages)[part] : undefined), messages);
}

// [locale key, Portuguese text of the spec, English text of the spec]; null where the spec quotes
// only the other language.
const SPEC_MESSAGES: [string, string | null, string | null][] = [
  // Section 5: validation rules.
  ["vacation.startAfterEnd", "A data inicial não pode ser posterior à data final.", "Initial date cannot supersede end date."],
  ["allowance.yearlyInvalid", "Valor inválido para Yearly Allowance.", "Invalid value for Yearly Allowance."],
  ["allowance.residualInvalid", "Valor inválido para Residual.", "Invalid value for Residual."],
  ["allowance.specialLeaveInvalid", "Valor inválido para Special Leave.", "Invalid value for Special Leave."],
  ["validation.inviteNameRequired", "Indica o nome do utilizador.", "Enter the user name."],
  ["validation.inviteEmailInvalid", "Indica um email válido para convidar.", "Enter a valid email."],
  ["token.missing", "Token em falta.", "Invalid link: token missing."],
  ["validation.passwordAndConfirmRequired", "Preenche a password e a confirmação.", null],
  ["validation.passwordsDontMatch", "As passwords não coincidem.", null],
  ["verify.tokenMissing", "Token em falta.", "Token is missing."],
  // Section 8: error catalogue.
  [
    "vacation.overlap",
    "Já existem férias que colidem com estas datas. Ajusta o intervalo ou apaga a anterior.",
    "There are already absences clashing with your selected dates. Please adjust the interval or erase previous absences.",
  ],
  ["vacation.noAdmin", null, "Cannot create vacation: your team has no admin assigned. Please contact the company administrator."],
  ["absences.form.createFailed", "Falha a criar férias.", null],
  ["absences.approvals.loadFailed", null, "Failed to load pending approvals"],
  ["absences.notices.approveFailed", null, "Failed to approve vacation"],
  ["absences.notices.rejectFailed", null, "Failed to reject vacation"],
  ["auth.notAuthenticated", "Não autenticado (401). Faz login novamente.", "Not authenticated. Login again, please."],
  ["verify.ok", null, "Email confirmed! Now enter with your login credentials…"],
  ["people.update.failed", "Falha ao atualizar nome", null],
  ["people.allowances.failed", "Falha ao guardar allowances", null],
  ["settings.users.deleteFailed", "Falha ao apagar utilizador", null],
  ["reports.errors.loadFailed", "Falha ao carregar relatórios", null],
  ["reports.errors.status", "Erro {{status}} ao carregar relatórios", null],
  ["audit.loadFailed", null, "Failed to fetch"],
  ["audit.exportFailed", "Falha a exportar CSV", null],
  // Billing (sections 2, 5 and 8).
  ["billing.validation.last4", null, "Please, add your card's 4 last digits."],
  ["billing.subscription.loadFailed", null, "Failed to load subscription"],
  ["billing.checkout.openFailed", "Não foi possível abrir o Checkout", "Not possible to initiate checkout"],
  ["billing.checkout.createFailed", "Erro ao criar Checkout", null],
  ["billing.invoices.pdfUnavailable", "PDF não disponível", null],
  ["billing.invoices.stripePdfFailed", "Erro ao buscar PDF do Stripe", null],
  ["billing.account.failed", null, "Failed to request deletion"],
  ["billing.account.requested", null, "Deletion requested."],
  ["billing.details.languageUpdated", null, "Language preference updated"],
  ["billing.payment.saved", null, "Payment method saved"],
  ["billing.trial.plan", "Plano em trial.", null],
  ["billing.trial.ended", "O seu trial terminou.", null],
  ["billing.trial.subscribe", "Subscrever agora", null],
  ["billing.trial.opening", "A abrir Stripe…", null],
];

describe("the spec's messages", () => {
  for (const [key, pt, en] of SPEC_MESSAGES) {
    it(`${key} reads as the spec wrote it`, () => {
      if (pt !== null) expect(valueAt(resources.pt.common, key)).toBe(pt);
      if (en !== null) expect(valueAt(resources.en.common, key)).toBe(en);
      // And every language has it.
      expect(typeof valueAt(resources.es.common, key)).toBe("string");
    });
  }
});
