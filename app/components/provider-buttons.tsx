import { useTranslation } from "react-i18next";

/**
 * Sign-in with the deployment's providers: plain links (they work without JavaScript) to
 * /auth/:provider, which sends the browser on to the provider.
 */
export function ProviderButtons({ providers, query }: { providers: readonly string[]; query?: Record<string, string> }) {
  const { t } = useTranslation();
  if (!providers.length) return null;
  const search = query && Object.keys(query).length ? `?${new URLSearchParams(query)}` : "";
  return (
    <div className="provider-buttons" role="group" aria-label={t("signIn.orContinueWith")}>
      <p className="provider-buttons__or muted">{t("signIn.orContinueWith")}</p>
      {providers.map((provider) => (
        // A document request, not a client-side navigation: the answer is a redirect to another site.
        <a key={provider} className={`button provider-button provider-button--${provider}`} href={`/auth/${provider}${search}`} data-testid={`sign-in-${provider}`}>
          {t("signIn.continueWith", { provider: t(`signIn.providers.${provider}`) })}
        </a>
      ))}
    </div>
  );
}

/** The message of a failed provider sign-in that sent the browser back here (?signInError=). */
export function SignInErrorNotice({ code }: { code: string | null }) {
  const { t } = useTranslation();
  if (!code) return null;
  return (
    <p className="notice notice--error" role="alert" id="sign-in-error">
      {t(`signIn.errors.${code}`)}
    </p>
  );
}
