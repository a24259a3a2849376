/// <reference types="vite/client" />

declare const __KARM_BUILD_ID__: string;
