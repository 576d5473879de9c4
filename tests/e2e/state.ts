// Where the browser tests' server keeps its local D1 database (fresh each
// run). E2E_STATE_DIR lets two runs on one machine use separate databases.
export const E2E_STATE_DIR = process.env.E2E_STATE_DIR ?? ".wrangler/e2e-state";
