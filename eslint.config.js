// One lint gate (npm run lint, part of npm run validate): typescript-eslint, React hooks,
// jsx-a11y, and the import boundaries of DESIGN.md §3.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const boundary = (message, ...group) => ({ group, message });
const gamePatterns = [
  boundary(
    "game/ is pure TypeScript: it imports nothing from app/, workers/ or db/ (DESIGN.md §3).",
    "**/app/**",
    "**/workers/**",
    "**/db/**",
  ),
  boundary(
    "game/ imports no platform code (DESIGN.md §3).",
    "cloudflare:*",
    "react",
    "react-dom",
    "drizzle-orm",
    "drizzle-orm/*",
    "@remix-run/*",
  ),
];
const noWorkersFromApp = boundary("app/ never imports workers/: shared code lives in db/ or game/ (DESIGN.md §3).", "**/workers/**");

export default tseslint.config(
  { ignores: ["node_modules/", "build/", "**/.wrangler/", ".tmp/", "test-results/", "playwright-report/", "public/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-console": "off",
      "@typescript-eslint/ban-ts-comment": ["error", { "ts-ignore": "allow-with-description" }],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      // The classic hook rules; the React Compiler rules of the plugin's newer presets do not apply (no compiler here).
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  { files: ["**/*.d.ts"], rules: { "@typescript-eslint/consistent-type-imports": "off" } },
  // DESIGN.md §3: game/ is pure (no platform, no app, no workers, no db).
  {
    files: ["game/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: gamePatterns }],
      "no-restricted-globals": ["error", { name: "crypto", message: "game/ takes randomness as an argument." }],
      "no-restricted-properties": [
        "error",
        { object: "Math", property: "random", message: "game/ takes randomness as an argument." },
        { object: "Date", property: "now", message: "game/ takes time as an argument." },
      ],
    },
  },
  // The engine, the replay and the live protocol also run in the browser: zod/mini only there (ADR
  // 031), whose functions tree-shake, never zod's class library (38 KB more on every page using them).
  {
    files: ["game/truco/**/*.ts", "game/replay/**/*.ts", "game/protocol/**/*.ts", "game/matchmaking/pairing.ts"],
    ignores: ["game/protocol/record.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: gamePatterns, paths: [{ name: "zod", message: "Browser code uses zod/mini (ADR 031)." }] },
      ],
    },
  },
  // app/ never imports workers/.
  {
    files: ["functions/**/*.ts", "load-context.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [noWorkersFromApp] }],
    },
  },
  // app/ never imports workers/, and spells an import of its own modules one way (ADR 112): `./x`
  // for a file in the same folder, `~/folder/x` for any other; game/ and db/ by their relative path.
  {
    files: ["app/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            noWorkersFromApp,
            {
              regex: "^(?:\\.\\./)+(?!\\.\\./|(?:game|db)/)",
              message: "An app/ module outside this folder is imported as `~/folder/module` (ADR 112).",
            },
            { regex: "^\\./[^/]+/", message: "An app/ module in a subfolder is imported as `~/folder/module` (ADR 112)." },
          ],
        },
      ],
    },
  },
  // workers/ never import app/.
  {
    files: ["workers/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [boundary("workers/ never import app/: shared code lives in db/ or game/ (DESIGN.md §3).", "**/app/**")] },
      ],
    },
  },
  // db/ is shared by app/ and workers/: it imports neither.
  {
    files: ["db/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [boundary("db/ is shared by app/ and workers/: it imports neither (DESIGN.md §3).", "**/app/**", "**/workers/**")] },
      ],
    },
  },
  // Browser tests take `test` from their fixtures, which fail a test on an undeclared console error (ADR 111).
  {
    files: ["tests/e2e/**/*.spec.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "@playwright/test",
              importNames: ["test"],
              message: "Import `test` and `expect` from ./fixtures: it fails a test on an undeclared console error (ADR 111).",
            },
          ],
        },
      ],
    },
  },
);
