/** The Karm version this build is: the web package's, which moves with every entry of CHANGELOG.md. */
export const RUNNING_VERSION = __KARM_VERSION__;
