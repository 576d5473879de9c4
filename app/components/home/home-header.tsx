import { AppHeader } from "~/components/app-header";
import type { Profile } from "~/services/users.server";

/** The home header of spec §2. */
export function HomeHeader({ user }: { user: Profile }) {
  return <AppHeader user={user} />;
}
