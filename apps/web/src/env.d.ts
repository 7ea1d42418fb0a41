/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/vanillajs" />

/** The author centre's version, injected at build time and sent as the `pc-version` header. */
declare const __PC_VERSION__: string;
