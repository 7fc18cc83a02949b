import type { Language } from "~/i18n";
import { asOneLine } from "~/lib/text-input";
import { quoted, renderActionMail } from "./render.server";

export function verifyEmailMail(language: Language, { name, link }: { name: string; link: string }) {
  return renderActionMail(language, (t) => ({
    subject: t("mail.verify.subject"),
    greeting: t("mail.greeting", { name: asOneLine(name) }),
    paragraphs: [t("mail.verify.body")],
    action: t("mail.verify.action"),
    link,
    footer: t("mail.verify.footer"),
  }));
}

export function invitationMail(
  language: Language,
  { name, inviter, company, link }: { name: string; inviter: string; company: string; link: string },
) {
  return renderActionMail(language, (t) => ({
    subject: t("mail.invite.subject", { company: asOneLine(company) }),
    greeting: t("mail.greeting", { name: asOneLine(name) }),
    paragraphs: [t("mail.invite.body", { inviter: quoted(inviter), company: quoted(company) })],
    action: t("mail.invite.action"),
    link,
    footer: t("mail.invite.footer"),
  }));
}

export function passwordResetMail(language: Language, { name, link }: { name: string; link: string }) {
  return renderActionMail(language, (t) => ({
    subject: t("mail.reset.subject"),
    greeting: t("mail.greeting", { name: asOneLine(name) }),
    paragraphs: [t("mail.reset.body")],
    action: t("mail.reset.action"),
    link,
    footer: t("mail.reset.footer"),
  }));
}
