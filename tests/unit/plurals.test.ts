// Count-bearing messages take i18next plural forms in every language ("1 dia útil", "2 dias
// úteis"), through the i18next instance the server uses for e-mails and API messages and through
// a page's (app/entry.server.tsx; the browser's is set up alike in entry.client.tsx).
import { describe, expect, it } from "vitest";
import { renderVacationMail } from "~/emails/vacation.server";
import { messageValues, type Language } from "~/i18n";
import { createPageI18n, getT } from "~/utils/i18n.server";

const nb = (text: string) => text.replace(/ /g, "\u00a0");

const CASES: { key: string; values?: Record<string, unknown>; one: Record<Language, string>; two: Record<Language, string> }[] = [
  {
    key: "absences.myCalendar.workingDays",
    one: { pt: "1 dia útil", en: "1 working day", es: "1 día laborable" },
    two: { pt: "2 dias úteis", en: "2 working days", es: "2 días laborables" },
  },
  {
    key: "absences.myCalendar.summaryPending",
    one: { pt: "1 pendente", en: "1 pending", es: "1 pendiente" },
    two: { pt: "2 pendentes", en: "2 pending", es: "2 pendientes" },
  },
  {
    key: "absences.balances.remainingOf",
    values: { year: 2026 },
    one: { pt: "dia disponível em 2026", en: "day available in 2026", es: "día disponible en 2026" },
    two: { pt: "dias disponíveis em 2026", en: "days available in 2026", es: "días disponibles en 2026" },
  },
  {
    key: "nav.pendingCount",
    one: { pt: "1 pedido ou alteração à espera de aprovação", en: "1 request or change waiting for approval", es: "1 solicitud o cambio pendiente de aprobación" },
    two: { pt: "2 pedidos e alterações à espera de aprovação", en: "2 requests and changes waiting for approval", es: "2 solicitudes y cambios pendientes de aprobación" },
  },
  {
    key: "errors.rateLimited",
    one: {
      pt: "Demasiadas tentativas. Tente novamente dentro de 1 minuto.",
      en: "Too many attempts. Try again in 1 minute.",
      es: "Demasiados intentos. Inténtalo de nuevo en 1 minuto.",
    },
    two: {
      pt: "Demasiadas tentativas. Tente novamente dentro de 2 minutos.",
      en: "Too many attempts. Try again in 2 minutes.",
      es: "Demasiados intentos. Inténtalo de nuevo en 2 minutos.",
    },
  },
];

const translators = {
  "e-mails and API": async (language: Language) => getT(language),
  pages: async (language: Language) => (await createPageI18n(language, ["common"])).getFixedT(language, "common"),
};

describe.each(Object.entries(translators))("plural messages (%s)", (_name, translatorFor) => {
  for (const { key, values, one, two } of CASES) {
    for (const language of ["pt", "en", "es"] as const) {
      it(`${key} in ${language}: 1 and 2`, async () => {
        const t = await translatorFor(language);
        const days = (count: number) => ({ ...values, count, days: String(count) });
        expect(t(key, days(1))).toBe(one[language]);
        expect(t(key, days(2))).toBe(two[language]);
      });
    }
  }

  it("follows Portugal's rules in Portuguese: 0 and 1,5 are plural", async () => {
    const t = await translatorFor("pt");
    expect(t("absences.myCalendar.workingDays", { count: 0, days: "0" })).toBe("0 dias úteis");
    expect(t("absences.myCalendar.workingDays", { count: 1.5, days: "1,5" })).toBe("1,5 dias úteis");
    expect(t("absences.balances.remainingOf", { count: -1, year: 2026 })).toBe("dia disponível em 2026");
  });
});

describe("plural messages", () => {
  it("reads the count of a model's message (AppError fields are strings) as a number", () => {
    const t = getT("pt");
    expect(t("vacation.insufficientBalance", messageValues({ year: "2026", requested: "1", remaining: "0", count: "1" }))).toBe(
      "Saldo insuficiente em 2026: 1 dia útil pedido, saldo disponível: 0.",
    );
    expect(t("vacation.insufficientBalance", messageValues({ year: "2026", requested: "3", remaining: "2", count: "3" }))).toBe(
      "Saldo insuficiente em 2026: 3 dias úteis pedidos, saldo disponível: 2.",
    );
    expect(messageValues({ minutes: "5" })).toEqual({ minutes: "5" });
    expect(messageValues(undefined)).toEqual({});
  });
});

describe("vacation e-mails", () => {
  const mail = (language: Language, workingDays: number, endDate: string) =>
    renderVacationMail("approved", language, {
      requester: "Eva",
      recipient: "Eva",
      startDate: "2026-08-03",
      endDate,
      workingDays,
      categoryId: "yearly_allowance",
      // As seeded: translated in each language (a renamed absence category would show its own name).
      categoryName: "Vacation",
      description: "",
      links: null,
      appUrl: "http://app.test",
    });

  it("write one working day in the singular and the dates for people, in each language", () => {
    expect(mail("pt", 1, "2026-08-03").text).toContain(`O seu pedido de Férias para ${nb("3 de ago. de 2026")} (1 dia útil) foi aprovado.`);
    expect(mail("en", 1, "2026-08-03").text).toContain(`Your Vacation request for ${nb("3 Aug 2026")} (1 working day) was approved.`);
    expect(mail("es", 1, "2026-08-03").text).toContain(`Tu solicitud de Vacaciones para ${nb("3 ago 2026")} (1 día laborable) fue aprobada.`);
  });

  it("write several working days in the plural, with the range in the subject and the body", () => {
    const pt = mail("pt", 5, "2026-08-07");
    expect(pt.subject).toBe(`Ausência aprovada: ${nb("3 – 7 de ago. de 2026")}`);
    expect(pt.text).toContain(`${nb("3 – 7 de ago. de 2026")} (5 dias úteis)`);
    expect(pt.html).toContain(`<span style="white-space:nowrap">${nb("3 – 7 de ago. de 2026")}</span>`);
    expect(pt.text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(mail("en", 5, "2026-08-07").text).toContain(`${nb("3 – 7 Aug 2026")} (5 working days)`);
  });
});
