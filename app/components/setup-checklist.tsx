import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

const LINKS = {
  holidays: "/national-holidays",
  teams: "/company-settings/teams",
  people: "/company-settings/users",
  allowances: "/company-settings/users",
} as const;

interface SetupChecklistProps {
  steps: readonly { step: keyof typeof LINKS; done: boolean }[];
}

/** The company admin's set-up checklist: what is left before everyone can book. */
export function SetupChecklist({ steps }: SetupChecklistProps) {
  const { t } = useTranslation();
  const left = steps.filter((s) => !s.done).length;
  return (
    <section className="card setup-checklist" aria-labelledby="setup-heading" data-testid="setup-checklist">
      <div className="card__header">
        <h2 id="setup-heading">{t("onboarding.checklist.title")}</h2>
        <p className="card__meta">{t("onboarding.checklist.left", { count: left })}</p>
      </div>
      <ol className="setup-checklist__steps">
        {steps.map(({ step, done }) => (
          <li key={step} className={done ? "setup-checklist__step setup-checklist__step--done" : "setup-checklist__step"}>
            <span className="setup-checklist__mark" aria-hidden="true">
              {done ? "✓" : "○"}
            </span>
            <span>
              <Link to={LINKS[step]}>{t(`onboarding.checklist.${step}`)}</Link>
              <span className="visually-hidden"> — {done ? t("onboarding.checklist.done") : t("onboarding.checklist.todo")}</span>
              <small className="setup-checklist__hint">{t(`onboarding.checklist.${step}Hint`)}</small>
            </span>
          </li>
        ))}
      </ol>
      <Form method="post" action="/setup-checklist" className="setup-checklist__dismiss">
        <button type="submit" className="button button--small">
          {t("onboarding.checklist.dismiss")}
        </button>
      </Form>
    </section>
  );
}
