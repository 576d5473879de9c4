// zod compiles a fast parser with `new Function` when it may, and to find out it tries one: under
// the page's Content-Security-Policy (no 'unsafe-eval') that try is reported as a CSP violation
// (Lighthouse's Best Practices "Content security policy" issue), even though zod catches it.
// Jitless, it never tries. Imported first by root.tsx, so before any schema is built (it is read
// when a z.object is created). The Workers runtime refuses eval anyway.
//
// The setting is written to the global object zod keeps its configuration in (zod's `config()`
// writes the same object, and zod adopts one that exists before it loads), so that the landing
// page, which parses nothing, does not download zod just to configure it.
// tests/unit/zod-jitless.test.ts checks that zod reads it.
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(holder.__zod_globalConfig ??= {}).jitless = true;

export {};
