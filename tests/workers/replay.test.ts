import { env } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { recordKey, type GameRecord } from "../../game/protocol/record";
import { randomRecord } from "../unit/replay/records";
import { call, createPlayer, expectLedgerInvariant, type Player } from "./helpers";

// Who may open a finished game's replay (docs/decisions/127-replays-and-their-access.md): its
// players always, admins always, anyone signed in for a casual, ranked or tournament game unless a
// player made their games private; the table's chat only for its players. The game's row is in
// D1 and its record in the real bucket, as a finished game leaves them.

afterEach(expectLedgerInvariant);

let counter = 0;

/** A finished game between `players` (1v1), its rows in D1 and its record in R2; `bot` makes it a practice game. */
async function finishedGame(players: Player[], { mode = "casual", bot = false }: { mode?: string; bot?: boolean } = {}) {
  counter += 1;
  const ids = bot ? [players[0].user.id, "bot-1"] : players.map((p) => p.user.id);
  const base = randomRecord(`replay${counter}${Date.now().toString(36)}`, "paulista", 2, ids);
  const record: GameRecord = {
    ...base,
    game: { ...base.game, game_mode: mode as GameRecord["game"]["game_mode"], bot_level: bot ? "hard" : null },
    seats: base.seats.map((s, i) => ({
      ...s,
      userId: bot && i === 1 ? null : s.userId,
      nickname: bot && i === 1 ? "Computador" : players[i].user.nickname,
      botLevel: bot && i === 1 ? "hard" : null,
    })),
    chat: [
      {
        id: 1,
        user_id: players[0].user.id,
        nickname: players[0].user.nickname,
        avatar_url: null,
        message: "segredo-da-mesa",
        message_type: "text",
        created_at: base.endedAt,
      },
    ],
  };
  const g = record.game;
  await env.DB.prepare(
    `INSERT INTO games (id, game_code, status, game_type, game_mode, truco_variant, entry_cost, bot_level, created_by, winner_team, team1_score, team2_score, completed_at)
     VALUES (?, ?, 'completed', '1v1', ?, 'paulista', 0, ?, ?, ?, ?, ?, ?)`,
  )
    .bind(
      g.id,
      `R${counter}`.padEnd(6, "X"),
      g.game_mode,
      g.bot_level,
      players[0].user.id,
      g.winner_team,
      g.team1_score,
      g.team2_score,
      g.completed_at,
    )
    .run();
  for (const seat of record.seats)
    await env.DB.prepare("INSERT INTO game_players (game_id, user_id, seat, team, nickname, bot_level) VALUES (?, ?, ?, ?, ?, ?)")
      .bind(g.id, seat.userId, seat.seat, seat.team, seat.nickname, seat.botLevel)
      .run();
  await env.GAME_RECORDS.put(recordKey(g.id), JSON.stringify(record));
  return record;
}

async function open(gameId: string, player: Player | null) {
  const response = await call(`/game/${gameId}/replay`, { cookie: player?.cookie });
  return { status: response.status, html: await response.text() };
}

describe("a replay's access", () => {
  it("lets the players, an admin and anyone signed in open a public game's replay; the chat only for its players", async () => {
    const [ana, bia, caio, admin] = [
      await createPlayer("Ana"),
      await createPlayer("Bia"),
      await createPlayer("Caio"),
      await createPlayer("Adm"),
    ];
    await env.DB.prepare("UPDATE users SET role = 'admin' WHERE id = ?").bind(admin.user.id).run();
    for (const mode of ["casual", "ranked", "tournament"]) {
      const record = await finishedGame([ana, bia], { mode });
      for (const who of [ana, bia]) {
        const page = await open(record.game.id, who);
        expect(page.status).toBe(200);
        expect(page.html).toContain('data-testid="replay-title"');
        expect(page.html).toContain("segredo-da-mesa");
      }
      for (const who of [caio, admin]) {
        const page = await open(record.game.id, who);
        expect(page.status).toBe(200);
        expect(page.html).toContain('data-testid="replay-title"');
        expect(page.html).not.toContain("segredo-da-mesa");
      }
    }
  });

  it("refuses others once a player makes their games private (the profile's switch), and a practice game to all but its player", async () => {
    const [ana, bia, caio, admin] = [
      await createPlayer("Ana"),
      await createPlayer("Bia"),
      await createPlayer("Caio"),
      await createPlayer("Adm"),
    ];
    await env.DB.prepare("UPDATE users SET role = 'admin' WHERE id = ?").bind(admin.user.id).run();
    const record = await finishedGame([ana, bia], { mode: "ranked" });

    // The switch is a form on the profile page; its value is checked.
    expect((await call("/profile", { method: "POST", cookie: bia.cookie, form: { games_private: "maybe" } })).status).toBe(200);
    expect((await env.DB.prepare("SELECT games_private FROM users WHERE id = ?").bind(bia.user.id).first())?.games_private).toBe(0);
    const set = await call("/profile", { method: "POST", cookie: bia.cookie, form: { games_private: "true" } });
    expect(set.status).toBe(200);
    expect((await env.DB.prepare("SELECT games_private FROM users WHERE id = ?").bind(bia.user.id).first())?.games_private).toBe(1);

    const refused = await open(record.game.id, caio);
    expect(refused.status).toBe(403);
    expect(refused.html).toContain('data-reason="private"');
    expect(refused.html).toContain("Esta partida é privada");
    // Nothing of the game in the refusal: not the players' names, not a card.
    expect(refused.html).not.toContain(bia.user.nickname);
    expect(refused.html).not.toContain(record.hands[0].seed!);
    for (const who of [ana, bia, admin]) expect((await open(record.game.id, who)).status).toBe(200);
    // A visitor is asked to sign in, and the link's card says nothing of a private game.
    const visitor = await open(record.game.id, null);
    expect(visitor.html).toContain('data-reason="sign_in"');
    expect(visitor.html).not.toContain(bia.user.nickname);

    await call("/profile", { method: "POST", cookie: bia.cookie, form: { games_private: "false" } });
    expect((await open(record.game.id, caio)).status).toBe(200);

    const practice = await finishedGame([ana], { bot: true });
    expect((await open(practice.game.id, ana)).status).toBe(200);
    expect((await open(practice.game.id, admin)).status).toBe(200);
    const other = await open(practice.game.id, caio);
    expect(other.status).toBe(403);
    expect(other.html).toContain('data-reason="practice"');
  });

  it("shows a visitor a public game's card (Open Graph) and asks them to sign in; no replay for a game under way or unknown", async () => {
    const [ana, bia] = [await createPlayer("Ana"), await createPlayer("Bia")];
    const record = await finishedGame([ana, bia]);
    const visitor = await open(record.game.id, null);
    expect(visitor.status).toBe(200);
    expect(visitor.html).toContain('data-reason="sign_in"');
    expect(visitor.html).toMatch(/<meta property="og:title" content="[^"]*Ana/);
    expect(visitor.html).toContain(`property="og:url" content="http://example.com/game/${record.game.id}/replay"`);
    expect(visitor.html).not.toContain(record.hands[0].seed!);

    await env.DB.prepare("UPDATE games SET status = 'active' WHERE id = ?").bind(record.game.id).run();
    const live = await open(record.game.id, ana);
    expect(live.status).toBe(403);
    expect(live.html).toContain('data-reason="not_finished"');
    expect((await open("no-such-game", ana)).status).toBe(404);
  });
});
