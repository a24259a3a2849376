/// <reference types="vite/client" />

declare const __KARM_BUILD_ID__: string;
declare const __KARM_VERSION__: string;
