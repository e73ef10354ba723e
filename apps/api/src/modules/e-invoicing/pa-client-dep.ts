import type { PaClient } from '../../adapters/e-invoicing/pa-client';

/**
 * `deps.paClient`: how the platform speaks to plateformes agréées (AFNOR XP Z12-013 over HTTP;
 * tests may pass another to `buildApp`). Declared here rather than in lib/deps.ts because its type
 * is the adapter's and lib imports no adapter (the adapters build on lib: module-cycles test).
 */
declare module '../../lib/deps' {
  interface AppDeps {
    paClient: PaClient;
  }
}

export {};
