import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareVersions, isNewerVersion, parseChangelog } from './changelog';

const CHANGELOG = `# Changelog

All notable changes are listed here. The format follows [Keep a Changelog](https://keepachangelog.com).

## [Unreleased]

### Added
- Something not yet released

## [0.1.0] - 2026-11-21

### Added
- Projects with a process grid
- A long bullet that goes on
  over a second line

### Fixed
* Dates typed with slashes

## [0.10.0] - 2027-02-01

### Security
- Sign-in is throttled

### Highlights
- A heading of its own

## [0.2.0] - 2026-11-24

### Changed
- Roles: admin, office, leader

### Removed

[0.2.0]: https://example.com/compare/v0.1.0...v0.2.0
`;

describe('parseChangelog', () => {
  const notes = parseChangelog(CHANGELOG);

  it('lists the released versions newest first, leaving Unreleased out', () => {
    expect(notes.map((note) => [note.version, note.date])).toEqual([
      ['0.10.0', '2027-02-01'],
      ['0.2.0', '2026-11-24'],
      ['0.1.0', '2026-11-21'],
    ]);
  });

  it('keeps each section with its bullets, joining continuation lines', () => {
    expect(notes[2]?.sections).toEqual([
      {
        kind: 'added',
        title: 'Added',
        items: ['Projects with a process grid', 'A long bullet that goes on over a second line'],
      },
      { kind: 'fixed', title: 'Fixed', items: ['Dates typed with slashes'] },
    ]);
  });

  it('keeps a heading that is no known kind by its title, and drops an empty section', () => {
    expect(notes[0]?.sections.map((section) => [section.kind, section.title])).toEqual([
      ['security', 'Security'],
      [null, 'Highlights'],
    ]);
    expect(notes[1]?.sections.map((section) => section.title)).toEqual(['Changed']);
  });

  it('reads Windows line ends and a version without a date', () => {
    expect(parseChangelog('## 1.0.0\r\n### Fixed\r\n- One\r\n')).toEqual([
      { version: '1.0.0', date: null, sections: [{ kind: 'fixed', title: 'Fixed', items: ['One'] }] },
    ]);
  });

  it('finds nothing in text without version headings', () => {
    expect(parseChangelog('')).toEqual([]);
    expect(parseChangelog('# Changelog\n\n- a stray bullet\n')).toEqual([]);
  });
});

describe('compareVersions', () => {
  it('compares numerically, part by part', () => {
    expect(compareVersions('0.10.0', '0.2.0')).toBe(1);
    expect(compareVersions('0.2.0', '0.10.0')).toBe(-1);
    expect(compareVersions('1.0.0', '0.99.99')).toBe(1);
    expect(compareVersions('0.2.1', '0.2.1')).toBe(0);
    expect(isNewerVersion('0.2.0', '0.1.0')).toBe(true);
    expect(isNewerVersion('0.1.0', '0.1.0')).toBe(false);
  });

  it('is an order: antisymmetric and consistent with the numbers', () => {
    const part = fc.integer({ min: 0, max: 999 });
    const version = fc.tuple(part, part, part);
    fc.assert(
      fc.property(version, version, (a, b) => {
        const [left, right] = [a.join('.'), b.join('.')];
        expect(compareVersions(left, right) + compareVersions(right, left)).toBe(0);
        const numeric = Math.sign(a[0] * 1e6 + a[1] * 1e3 + a[2] - (b[0] * 1e6 + b[1] * 1e3 + b[2]));
        expect(compareVersions(left, right)).toBe(numeric);
      }),
    );
  });
});
