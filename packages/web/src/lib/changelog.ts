import { parseChangelog } from '@karm/domain/rules';
// The repository's CHANGELOG.md, embedded by the build. Only the release notes dialog imports this
// module, and it loads on demand, so neither /login nor the signed-in frame carries the text.
import changelog from '../../../../CHANGELOG.md?raw';

/** Every released version with its changes, newest first. */
export const RELEASE_NOTES = parseChangelog(changelog);
