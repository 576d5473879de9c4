// `tsx db/seed.ts [stateDir]`: writes the demo data (db/demo-data.ts) into the
// local D1 database of a state dir (TRUCO_STATE_DIR, else .wrangler/state),
// after its migrations, as <stateDir>/seed.sql applied in one batch.
// scripts/start.mjs runs it on every start; it is idempotent.
import { seedStatements, SEED_SECTIONS } from "./demo-data";
import { executeLocal, statementDb } from "./local-d1";

const stateDir = process.argv[2] ?? process.env.TRUCO_STATE_DIR ?? ".wrangler/state";
executeLocal(stateDir, "seed", seedStatements(statementDb));
for (const section of SEED_SECTIONS) console.log(`  seeded: ${section.name}`);
