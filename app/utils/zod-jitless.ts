import { config } from "zod/v4/core";

// zod compiles a fast parser with `new Function` when it may, and to find out it tries one: under
// the page's Content-Security-Policy (no 'unsafe-eval') that try is reported as a CSP violation
// (Lighthouse's Best Practices "Content security policy" issue), even though zod catches it.
// Jitless, it never tries. Imported first by root.tsx, so before any schema is built (it is read
// when a z.object is created). The Workers runtime refuses eval anyway.
config({ jitless: true });
