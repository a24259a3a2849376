import { describe, expect, it } from 'vitest';
import { formatFileSize } from './file-size';

describe('formatFileSize', () => {
  it('shows bytes, kB, MB and GB with one decimal below ten', () => {
    expect(formatFileSize(0, 'en')).toBe('0 B');
    expect(formatFileSize(999, 'en')).toBe('999 B');
    expect(formatFileSize(1_000, 'en')).toBe('1.0 kB');
    expect(formatFileSize(1_536, 'en')).toBe('1.5 kB');
    expect(formatFileSize(245_000, 'en')).toBe('245 kB');
    expect(formatFileSize(3_400_000, 'en')).toBe('3.4 MB');
    expect(formatFileSize(2_000_000_000, 'en')).toBe('2.0 GB');
  });

  it('writes a decimal comma in Norwegian', () => {
    expect(formatFileSize(1_536, 'nb')).toBe('1,5 kB');
    expect(formatFileSize(3_400_000)).toBe('3,4 MB');
  });

  it('never shows 1000 of a unit', () => {
    expect(formatFileSize(999_960, 'en')).toBe('1.0 MB');
  });
});
