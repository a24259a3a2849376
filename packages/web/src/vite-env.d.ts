/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/vanillajs" />

declare const __KARM_BUILD_ID__: string;
declare const __KARM_VERSION__: string;
