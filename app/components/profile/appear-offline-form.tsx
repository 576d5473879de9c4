import { useTranslation } from "react-i18next";
import { ProfileSwitch } from "./profile-switch";

/** "Appear offline": friends see the player offline; the player still sees who is online. */
export function AppearOfflineForm({ appearOffline }: { appearOffline: boolean }) {
  const { t } = useTranslation();
  return (
    <ProfileSwitch
      field="appear_offline"
      on={appearOffline}
      title={t("friends:presenceTitle")}
      state={appearOffline ? t("friends:appearOfflineOn") : t("friends:appearOfflineOff")}
      action={appearOffline ? t("friends:appearOnline") : t("friends:appearOffline")}
      testId="presence"
    />
  );
}
