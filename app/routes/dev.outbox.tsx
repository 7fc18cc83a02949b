import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { pageTitle } from "~/lib/meta";
import { getDb } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "outbox.title");

// Development only: the mail the app wrote, so links can be followed without an SMTP server.
export async function loader(_: LoaderFunctionArgs) {
  if (getEnv().NODE_ENV === "production") throw new Response("Not found", { status: 404 });
  const mails = await getDb().emailOutbox.findMany({
    orderBy: { createdAt: "desc" },
    take: 50,
    select: { id: true, to: true, subject: true, text: true, createdAt: true, sentAt: true },
  });
  return { mails: mails.map((m) => ({ ...m, createdAt: m.createdAt.toISOString(), sentAt: m.sentAt?.toISOString() ?? null })) };
}

function Linkified({ text }: { text: string }) {
  return (
    <>
      {text.split(/(https?:\/\/\S+)/g).map((part, i) =>
        /^https?:\/\//.test(part) ? (
          <a key={i} href={part}>
            {part}
          </a>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}

export default function Outbox() {
  const { t } = useTranslation();
  const { mails } = useLoaderData<typeof loader>();
  return (
    <main className="page">
      <h1 className="page__title">{t("outbox.title")}</h1>
      <p className="muted">{t("outbox.intro")}</p>
      {mails.length === 0 ? <p className="empty-state">{t("outbox.empty")}</p> : null}
      {mails.map((mail) => (
        <article key={mail.id} className="card outbox-mail" data-testid="outbox-mail">
          <header>
            <strong>{mail.subject}</strong>
            <div className="muted">
              {t("outbox.to")}: <span data-testid="outbox-to">{mail.to}</span> · {mail.createdAt}
            </div>
          </header>
          <pre className="outbox-mail__body">
            <Linkified text={mail.text} />
          </pre>
        </article>
      ))}
    </main>
  );
}
