import type { Profile } from "~/services/users.server";

/** The daily reward banner of spec §2 (built with the coins issue). */
export function DailyRewardBanner(_props: { user: Profile }) {
  return null;
}
