import { config } from 'zod';

/**
 * zod compiles fast object parsers with `new Function` where it may, and finds out whether it may
 * by trying one — which the app's Content-Security-Policy (no 'unsafe-eval',
 * src/lib/page-security.ts) refuses and the browser reports as a violation on every page load.
 * Jitless, zod never tries: its interpreted parsers are fast enough for what the SPA parses.
 * Imported first by main.tsx, before any schema is used.
 */
config({ jitless: true });
