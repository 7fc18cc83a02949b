// The e-mail to a company's admins when an endpoint was switched off after its last retry failed:
// each in their language, with a link to the Integrations tab where it is switched on again.
import { languageOr } from "~/i18n";
import { displayName } from "~/lib/people";
import { asOneLine } from "~/lib/text-input";
import { getDb } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { queueMail } from "~/utils/mail.server";
import { renderActionMail } from "./render.server";

export async function mailAdminsOfFailingEndpoint(companyId: string, url: string) {
  const admins = await getDb().user.findMany({
    where: { companyId, deactivatedAt: null, role: { in: ["admin", "owner"] } },
    select: { email: true, fullName: true, preferredLanguage: true },
  });
  const link = `${getEnv().APP_URL}/company-settings/integrations`;
  for (const admin of admins) {
    const language = languageOr(admin.preferredLanguage);
    await queueMail({
      to: admin.email,
      companyId,
      ...renderActionMail(language, (t) => ({
        subject: t("webhooks.mail.disabled.subject"),
        greeting: t("mail.greeting", { name: asOneLine(displayName(admin)) }),
        paragraphs: [t("webhooks.mail.disabled.body", { url: asOneLine(url) }), t("webhooks.mail.disabled.next")],
        action: t("webhooks.mail.disabled.action"),
        link,
        footer: t("webhooks.mail.disabled.footer"),
      })),
    });
  }
}
