import { isDateOnly } from './date-only';

/** A release number as Karm writes it: major.minor.patch. */
export const VERSION_PATTERN = /^\d{1,6}\.\d{1,6}\.\d{1,6}$/;

/** The kinds of change Keep a Changelog names, in the order it lists them. */
export const CHANGE_KINDS = ['added', 'changed', 'deprecated', 'removed', 'fixed', 'security'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

export type ReleaseNoteSection = {
  /** The kind, when the heading is one of Keep a Changelog's; null for a heading of its own. */
  kind: ChangeKind | null;
  /** The heading as written (`Added`), for a heading that is no known kind. */
  title: string;
  items: string[];
};

export type ReleaseNote = {
  version: string;
  /** The release day (`YYYY-MM-DD`), or null when the heading gives none. */
  date: string | null;
  sections: ReleaseNoteSection[];
};

const numbersOf = (version: string) => version.split('.').map((part) => Number.parseInt(part, 10) || 0);

/** Orders two versions by major, minor and patch: negative, zero or positive, as `sort` expects. */
export const compareVersions = (a: string, b: string): number => {
  const [left, right] = [numbersOf(a), numbersOf(b)];
  for (let index = 0; index < Math.max(left.length, right.length); index += 1) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0);
    if (difference !== 0) return Math.sign(difference);
  }
  return 0;
};

export const isNewerVersion = (candidate: string, than: string) => compareVersions(candidate, than) > 0;

// `## [0.2.0] - 2026-11-24`, `## 0.2.0 – 2026-11-24` or `## [0.2.0]`; `## [Unreleased]` matches nothing.
const VERSION_HEADING = /^##\s+\[?(\d+\.\d+\.\d+)\]?(?:\s+[-–—]\s+(\d{4}-\d{2}-\d{2}))?\s*$/;
const OTHER_VERSION_HEADING = /^##\s/;
const SECTION_HEADING = /^###\s+(.+?)\s*$/;
const BULLET = /^[-*+]\s+(.*)$/;
const CONTINUATION = /^\s{2,}(\S.*)$/;

const kindOf = (title: string): ChangeKind | null =>
  CHANGE_KINDS.find((kind) => kind === title.toLowerCase()) ?? null;

/**
 * The released versions of a changelog in Keep a Changelog's shape, newest first: each `## [x.y.z] -
 * date` heading with its `### Added/Changed/…` sections and their bullets (a bullet's indented
 * continuation lines join it). An `[Unreleased]` section, text outside a section and link references
 * are left out, and so is a section without bullets.
 */
export const parseChangelog = (text: string): ReleaseNote[] => {
  const notes: ReleaseNote[] = [];
  let note: ReleaseNote | null = null;
  let section: ReleaseNoteSection | null = null;
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    const version = VERSION_HEADING.exec(line);
    if (version) {
      const [, number = '', date] = version;
      note = { version: number, date: date && isDateOnly(date) ? date : null, sections: [] };
      notes.push(note);
      section = null;
      continue;
    }
    if (OTHER_VERSION_HEADING.test(line)) {
      note = null;
      section = null;
      continue;
    }
    const heading = SECTION_HEADING.exec(line);
    if (heading && note) {
      const title = heading[1] ?? '';
      section = { kind: kindOf(title), title, items: [] };
      note.sections.push(section);
      continue;
    }
    const bullet = BULLET.exec(line);
    if (bullet && section) {
      section.items.push((bullet[1] ?? '').trim());
      continue;
    }
    const continuation = CONTINUATION.exec(line);
    if (continuation && section && section.items.length > 0) {
      const last = section.items.length - 1;
      section.items[last] = `${section.items[last]} ${(continuation[1] ?? '').trim()}`;
    }
    // A blank line, a link reference or prose ends nothing; anything else outside a bullet is ignored.
  }
  return notes
    .map((entry) => ({ ...entry, sections: entry.sections.filter((part) => part.items.length > 0) }))
    .sort((a, b) => compareVersions(b.version, a.version));
};
