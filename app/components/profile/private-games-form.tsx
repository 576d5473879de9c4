import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { buttonClasses } from "~/components/ui/button";

/** "Private games": only the game's players and admins may open its replay (docs/decisions/127). */
export function PrivateGamesForm({ gamesPrivate }: { gamesPrivate: boolean }) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  return (
    <section className="felt-panel flex flex-col gap-3 p-4 sm:flex-row sm:items-center" aria-labelledby="private-games-title">
      <div className="min-w-0 flex-1">
        <h2 id="private-games-title" className="font-display text-lg font-bold text-cream-50">
          {t("replay:privacy.title")}
        </h2>
        <p className="text-sm text-cream-100/75" data-testid="private-games-setting">
          {gamesPrivate ? t("replay:privacy.on") : t("replay:privacy.off")}
        </p>
      </div>
      <Form method="post">
        <input type="hidden" name="games_private" value={gamesPrivate ? "false" : "true"} />
        <button type="submit" disabled={busy} className={buttonClasses("secondary", "md")} data-testid="private-games-toggle">
          {gamesPrivate ? t("replay:privacy.makePublic") : t("replay:privacy.makePrivate")}
        </button>
      </Form>
    </section>
  );
}
