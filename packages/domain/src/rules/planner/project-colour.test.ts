import { describe, expect, it } from 'vitest';
import { PROJECT_COLOURS, projectColour } from './project-colour';

/** WCAG 2.1 relative luminance of `#rrggbb`. */
const luminance = (hex: string) => {
  const [red, green, blue] = [1, 3, 5].map((at) => {
    const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * red! + 0.7152 * green! + 0.0722 * blue!;
};
const contrastWithWhite = (hex: string) => 1.05 / (luminance(hex) + 0.05);

describe('projectColour', () => {
  it('gives every project a colour white text can be read on (WCAG 2.1 AA, 4.5:1)', () => {
    for (const colour of PROJECT_COLOURS)
      expect(contrastWithWhite(colour), colour).toBeGreaterThanOrEqual(4.5);
  });

  it('follows the project number, and neighbouring numbers differ', () => {
    expect(projectColour(1042)).toBe(projectColour(1042 + PROJECT_COLOURS.length));
    expect(projectColour(1042)).not.toBe(projectColour(1043));
    expect(PROJECT_COLOURS).toContain(projectColour(-3));
  });
});
