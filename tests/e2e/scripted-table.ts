import type { Browser, BrowserContextOptions } from "@playwright/test";
import { FakeRoom, currentUserId, type FakeRoomOptions } from "./fake-room";
import type { Me } from "./fixtures/data";
import { newSignedInPage } from "./helpers";

// The scripted room's table (tests/e2e/fake-room.ts) as the browser tests and the screenshots open
// it: a new player, signed in; a FakeRoom with them at it; the game page open on it.

export async function scriptedTable(
  browser: Browser,
  options: (me: Me) => Omit<FakeRoomOptions, "me">,
  setup: { name?: string; viewport?: { width: number; height: number }; context?: BrowserContextOptions } = {},
) {
  const { page, context } = await newSignedInPage(browser, setup.name, setup.context);
  if (setup.viewport) await page.setViewportSize(setup.viewport);
  const me = await currentUserId(page);
  const room = new FakeRoom({ me: me.id, ...options(me) });
  await room.install(page);
  await room.open(page);
  return { page, context, room, me };
}
