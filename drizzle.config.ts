import { defineConfig } from "drizzle-kit";

// drizzle-kit only generates SQL; `wrangler d1 migrations apply` is the one
// thing that applies it, locally, in tests and in production.
export default defineConfig({
  dialect: "sqlite",
  schema: "./db/schema.ts",
  out: "./db/migrations",
});
