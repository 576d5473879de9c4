import { useTranslation } from "react-i18next";
import { ProfileSwitch } from "./profile-switch";

/** "Private games": only the game's players and admins may open its replay (docs/decisions/127). */
export function PrivateGamesForm({ gamesPrivate }: { gamesPrivate: boolean }) {
  const { t } = useTranslation();
  return (
    <ProfileSwitch
      field="games_private"
      on={gamesPrivate}
      title={t("replay:privacy.title")}
      state={gamesPrivate ? t("replay:privacy.on") : t("replay:privacy.off")}
      action={gamesPrivate ? t("replay:privacy.makePublic") : t("replay:privacy.makePrivate")}
      testId="private-games"
    />
  );
}
