// A person's photo, or their initials on a tinted disc when they have none (spec: "avatar (or
// initials)").
import { useTranslation } from "react-i18next";

/** "Olívia Owner" → "OO"; "ana@x.pt" → "A". */
export function initials(name: string): string {
  const words = name.split(/[\s@._-]+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words.slice(0, 1);
  return letters.map((word) => [...word][0]?.toUpperCase() ?? "").join("");
}

/** Small avatars sit next to the person's name, which already says who it is: they stay silent. */
export function Avatar({ name, photo, size = "small" }: { name: string; photo: string | null; size?: "small" | "large" }) {
  const { t } = useTranslation();
  const className = `avatar avatar--${size}`;
  if (photo) return <img className={className} src={photo} alt={size === "large" ? t("people.avatar", { name }) : ""} width={size === "large" ? 96 : 36} height={size === "large" ? 96 : 36} />;
  return (
    <span className={`${className} avatar--initials`} aria-hidden="true">
      {initials(name)}
    </span>
  );
}
