import { LANGUAGES, type Language, type Namespace } from "~/i18n";
import { auth } from "./auth";
import { chat } from "./chat";
import { common } from "./common";
import { errors } from "./errors";
import { friends } from "./friends";
import { game } from "./game";
import { home } from "./home";
import { leaderboard } from "./leaderboard";
import { matchmaking } from "./matchmaking";
import { modes } from "./modes";
import { navigation } from "./navigation";
import { payments } from "./payments";
import { premium } from "./premium";
import { profile } from "./profile";
import { pwa } from "./pwa";
import { tournaments } from "./tournaments";
import { variants } from "./variants";

// Every translation group, on the server only: a page ships just its own
// language (root loader), so the bundle does not carry all three.
const GROUPS = {
  common,
  auth,
  navigation,
  home,
  profile,
  errors,
  game,
  variants,
  modes,
  chat,
  payments,
  premium,
  leaderboard,
  friends,
  pwa,
  matchmaking,
  tournaments,
} satisfies Record<Namespace, Record<Language, unknown>>;

export type Resources = { [N in Namespace]: (typeof GROUPS)[N]["pt-BR"] };

export const RESOURCES = Object.fromEntries(
  LANGUAGES.map((language) => [language, Object.fromEntries(Object.entries(GROUPS).map(([name, group]) => [name, group[language]]))]),
) as Record<Language, Resources>;
