/**
 * zod compiles fast object parsers with `new Function` after probing whether it may; the probe is caught, but a
 * page whose Content-Security-Policy forbids eval (ours: script-src 'self') still reports it as a CSP violation
 * (Chromium's Issues panel, Lighthouse best practices). zod reads this global config when its first schema is
 * built, so it is set before any module that builds one: imported first by main.tsx.
 */
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };
