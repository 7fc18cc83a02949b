import { useTranslation } from "react-i18next";
import { LanguageSwitch } from "./language-switch";
import { Logo } from "./logo";

/** The frame of the signed-out screens: logo, language choice, one card. */
export function AuthLayout({ title, children }: { title: string; children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="auth">
      <header className="auth__header">
        {/* Signed out, the logo leads to what Folga is: the public page (docs/decisions/0028-public-site.md). */}
        <a href="/public" className="brand" aria-label={t("app.name")}>
          <Logo />
          <span>{t("app.name")}</span>
        </a>
        <LanguageSwitch />
      </header>
      <main className="auth__card">
        <h1>{title}</h1>
        {children}
      </main>
    </div>
  );
}
