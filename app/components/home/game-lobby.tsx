import type { Profile } from "~/services/users.server";

/** Variant selector, join by code, casual/ranked cards, play vs computer (live games issue). */
export function GameLobby(_props: { user: Profile }) {
  return null;
}
