// Fixed at build time (scripts/build.mjs defines them): the vault this build talks to, and its version.
declare const __CORE_VAULT_ORIGIN__: string;
declare const __CORE_VAULT_VERSION__: string;

export const VAULT_ORIGIN: string = __CORE_VAULT_ORIGIN__;
export const EXTENSION_VERSION: string = __CORE_VAULT_VERSION__;
