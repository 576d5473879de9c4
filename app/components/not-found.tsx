import { useTranslation } from "react-i18next";
import { Logo } from "~/components/logo";
import { buttonClasses } from "~/components/ui/button";

/** The page of a path that names nothing (answered with 404), the same for visitors and players. */
export function NotFoundPage({ title }: { title?: string }) {
  const { t } = useTranslation();
  return (
    <main id="main" className="flex min-h-dvh flex-col items-center justify-center gap-5 p-6 text-center" data-testid="not-found">
      <Logo className="h-14 w-14 opacity-80" />
      <h1 role="alert" className="font-display text-2xl font-bold text-gold-300">
        {title ?? t("common:notFound")}
      </h1>
      <a href="/" className={buttonClasses("primary", "lg")}>
        {t("common:backHome")}
      </a>
    </main>
  );
}
