import { creditStatements } from "../../../db/ledger";
import { batchOf, type Database, type Statement } from "../../../db/client";
import { oauthAccounts, sessions, users } from "../../../db/schema";
import { newSession } from "~/services/auth.server";
import type { AppEnv } from "~/services/env.server";
import { newUserRows, nicknameBase } from "~/services/users.server";
import type { Player } from "./scenario";

// Many players at once with the app's own sign-in code: users.server's
// newUserRows (what userForIdentity writes for a new identity: the user, its
// identity, its welcome bonus, credited through the ledger's creditStatements)
// and auth.server's newSession (the session row startSession writes, and its
// signed cookie). The statements are multi-row inserts for one db.batch; the
// cookies are the ones the app would set. Pure: the bench applies them to its
// local D1 (lib/players.ts), a Worker test to the test D1.

/** Players per multi-row insert: the local D1 pays per statement, far more than per row. */
const ROWS_PER_INSERT = 200;

export async function bulkPlayers(db: Database, env: AppEnv, count: number) {
  const players: Player[] = [];
  const statements: Statement[] = [];
  for (let from = 0; from < count; from += ROWS_PER_INSERT) {
    const chunk = [];
    for (let i = from; i < Math.min(count, from + ROWS_PER_INSERT); i++) {
      const number = String(i).padStart(4, "0");
      const email = `bench${number}@bench.truco.local`;
      const rows = newUserRows(
        { id: crypto.randomUUID(), nickname: nicknameBase({ name: `Bench ${number}`, email }), email, avatar_url: null, role: "player" },
        { issuer: "https://bench.truco.local", subject: `bench-${number}` },
      );
      const session = await newSession(env, rows.user.id);
      chunk.push({ ...rows, session: session.row });
      players.push({ id: rows.user.id, nickname: rows.user.nickname, cookie: session.setCookie.split(";")[0] });
    }
    statements.push(
      db.insert(users).values(chunk.map((c) => c.user)),
      db.insert(oauthAccounts).values(chunk.map((c) => c.account)),
      ...creditStatements(
        db,
        chunk.map((c) => c.welcome),
      ),
      db.insert(sessions).values(chunk.map((c) => c.session)),
    );
  }
  return { statements: batchOf(statements), players };
}
