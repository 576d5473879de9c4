import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { buttonClasses } from "~/components/ui/button";

/** "Appear offline": friends see the player offline; the player still sees who is online. */
export function AppearOfflineForm({ appearOffline }: { appearOffline: boolean }) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  return (
    <section className="felt-panel flex flex-col gap-3 p-4 sm:flex-row sm:items-center" aria-labelledby="presence-title">
      <div className="min-w-0 flex-1">
        <h2 id="presence-title" className="font-display text-lg font-bold text-cream-50">
          {t("friends:presenceTitle")}
        </h2>
        <p className="text-sm text-cream-100/75" data-testid="presence-setting">
          {appearOffline ? t("friends:appearOfflineOn") : t("friends:appearOfflineOff")}
        </p>
      </div>
      <Form method="post">
        <input type="hidden" name="appear_offline" value={appearOffline ? "false" : "true"} />
        <button type="submit" disabled={busy} className={buttonClasses("secondary", "md")} data-testid="presence-toggle">
          {appearOffline ? t("friends:appearOnline") : t("friends:appearOffline")}
        </button>
      </Form>
    </section>
  );
}
