// On to a company's own sign-in page (company SSO) after a form post. The page's Content Security
// Policy allows form posts only to this site (form-action 'self'), which Chromium applies to the
// redirects that answer a post too, and a company's IdP can be any address. So the post is
// answered with this page instead: with JavaScript it goes on at once (a plain navigation);
// without, a refresh does (not a form submission), and the link stays for a browser that refuses.
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/hooks/use-hydrated";

export function ContinueToProvider({ url }: { url: string }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated) window.location.assign(url);
  }, [hydrated, url]);
  return (
    <div className="notice notice--info" role="status" data-testid="continue-to-provider">
      {hydrated ? null : <meta httpEquiv="refresh" content={`0;url=${url}`} />}
      <p>{t("signIn.sso.continuing")}</p>
      <p>
        <a href={url} className="button">
          {t("signIn.sso.continueLink")}
        </a>
      </p>
    </div>
  );
}
