// Words a customer reads (issue 39): roles in each language, one formal Portuguese register with
// no gender assumed, import results that say what happened, a labelled balance on the e-mail
// decision page, and a 403 that says what to do next.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Language } from "~/i18n";
import { getT } from "~/utils/i18n.server";

const root = path.resolve("public/locales");
const strings = (node: unknown, prefix = ""): [string, string][] =>
  Object.entries(node as Record<string, unknown>).flatMap(([key, value]) =>
    value && typeof value === "object" ? strings(value, `${prefix}${key}.`) : [[`${prefix}${key}`, String(value)] as [string, string]],
  );
const portuguese = readdirSync(path.join(root, "pt")).flatMap((file) => strings(JSON.parse(readFileSync(path.join(root, "pt", file), "utf8"))));

// The texts the product specification quotes in the informal register, kept word for word
// (tests/unit/spec-messages.test.ts holds them to the spec).
const QUOTED_BY_THE_SPEC = new Set([
  "validation.inviteNameRequired",
  "validation.inviteEmailInvalid",
  "validation.passwordAndConfirmRequired",
  "vacation.overlap",
  "auth.notAuthenticated",
  "companyCalendar.notifyQuestion",
]);

// "tu" forms: informal imperatives and second-person verbs and pronouns.
const INFORMAL = /(?<![\p{L}-])(Indica|Ajusta|Escolhe|Preenche|Queres|Faz|Tenta|Usa|Abre|Clica|Volta|Verifica|Introduz|Escreve|Pede|Guarda|Muda|Apaga|Cria|Adiciona|Seleciona|Carrega|Envia|Copia|Contacta|Consulta|Experimenta|Entra(?! ID)|Renova|Revoga|Subscreve|Remove|Corrige|Acede|Segue|podes|tens|teu|tua|teus|tuas|estás|queres|precisas|consegues)(?![\p{L}-])/u;
// Words that take the reader to be a man.
const GENDERED = /\b(convidou-o|Foi convidado|o proprietário|um owner|o owner)\b/u;

describe("Portuguese wording", () => {
  it("addresses the reader formally everywhere the spec does not quote a text", () => {
    const informal = portuguese.filter(([key, text]) => !QUOTED_BY_THE_SPEC.has(key) && INFORMAL.test(text));
    expect(informal).toEqual([]);
  });

  it("assumes no gender, and names the owner role in Portuguese", () => {
    expect(portuguese.filter(([, text]) => GENDERED.test(text))).toEqual([]);
    expect(getT("pt")("mail.invite.body", { inviter: "Ana", company: "Acme" })).toBe("Ana enviou-lhe um convite para Acme, para planear e pedir as suas férias e ausências.");
  });
});

describe("words in every language", () => {
  const t = (language: Language) => getT(language);

  it("translates every role", () => {
    expect(["pt", "en", "es"].map((language) => t(language as Language)("roles.owner"))).toEqual(["Titular", "Owner", "Titular"]);
  });

  it("says what a finished import did, and what a preview would do", () => {
    expect(t("en")("holidays.csv.listCreated", { count: 3 })).toBe("Created 3 holidays");
    expect(t("pt")("holidays.csv.listCreated", { count: 3 })).toBe("3 feriados criados");
    expect(t("es")("holidays.csv.listCreated", { count: 1 })).toBe("1 festivo creado");
    expect(t("pt")("holidays.csv.listToCreate", { count: 1 })).toBe("1 feriado a criar");
  });

  it("names both numbers of the balance on the e-mail decision page", () => {
    expect(t("en")("decision.available", { count: 19.5, remaining: "19.5", total: "22.5" })).toBe("19.5 days available of 22.5");
    expect(t("pt")("decision.available", { count: 19.5, remaining: "19,5", total: "22,5" })).toBe("19,5 dias disponíveis de 22,5");
    expect(t("es")("decision.available", { count: 1, remaining: "1", total: "22" })).toBe("1 día disponible de 22");
  });

  it("tells a refused person what they can do, in each language", () => {
    for (const language of ["pt", "en", "es"] as Language[]) {
      expect(t(language)("errorPage.forbidden.next")).not.toBe("errorPage.forbidden.next");
      expect(t(language)("errorPage.forbidden.toCalendar")).toBe(t(language)("nav.myCalendar").replace(/^/, { pt: "Ir para ", en: "Go to ", es: "Ir a " }[language]));
    }
  });
});
