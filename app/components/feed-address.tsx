// A calendar feed's address, shown once right after it is made or renewed (only its hash is kept):
// the address to paste, a webcal link that opens the device's calendar app, and how to subscribe.
import { useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { CopyButton } from "./copy-button";

export interface IssuedAddress {
  feedId: string;
  label: string;
  url: string;
  webcal: string;
}

export function FeedAddress({ issued }: { issued: IssuedAddress }) {
  const { t } = useTranslation();
  const ids = useId();
  const card = useRef<HTMLElement>(null);
  // With JavaScript the page does not reload: bring the new address into view and focus.
  useEffect(() => {
    card.current?.scrollIntoView?.({ block: "nearest" });
    card.current?.focus();
  }, [issued.url]);
  return (
    <section ref={card} tabIndex={-1} className="card feed-address" aria-labelledby={`${ids}-title`} data-testid="feed-address">
      <h2 id={`${ids}-title`} className="card__title">
        {t("feeds.issued.title", { label: issued.label })}
      </h2>
      <p className="feed-address__once">{t("feeds.issued.once")}</p>
      <div className="feed-address__row">
        <label className="field feed-address__field">
          <span>{t("feeds.issued.address")}</span>
          <input type="text" readOnly value={issued.url} onFocus={(event) => event.currentTarget.select()} spellCheck={false} data-testid="feed-url" />
        </label>
        <CopyButton text={issued.url} copyLabel={t("feeds.issued.copy")} copiedLabel={t("feeds.issued.copied")} />
      </div>
      <p>
        <a href={issued.webcal} className="button">
          {t("feeds.issued.open")}
        </a>
      </p>
      <h3 className="feed-address__how">{t("feeds.issued.howTo")}</h3>
      <ul className="feed-address__steps">
        <li>{t("feeds.issued.google")}</li>
        <li>{t("feeds.issued.outlook")}</li>
        <li>{t("feeds.issued.apple")}</li>
      </ul>
      <p className="field__hint">{t("feeds.issued.delay")}</p>
    </section>
  );
}
