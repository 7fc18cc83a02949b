import type { Language } from "~/i18n";
import { asOneLine } from "~/lib/text-input";
import { quoted, renderActionMail } from "./render.server";

/** To the owner after they asked to delete the account: when the subscription ends, that data stays. */
export function deletionRequestedMail(language: Language, { name, company, endsOn, link }: { name: string; company: string; endsOn: string; link: string }) {
  return renderActionMail(language, (t) => ({
    subject: t("billing.mail.deletion.subject", { company: asOneLine(company) }),
    greeting: t("mail.greeting", { name: asOneLine(name) }),
    paragraphs: [t("billing.mail.deletion.body", { company: quoted(company), date: endsOn }), t("billing.mail.deletion.data")],
    action: t("billing.mail.deletion.action"),
    link,
    footer: t("billing.mail.deletion.footer"),
  }));
}
