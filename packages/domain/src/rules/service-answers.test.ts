import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AnswerLike,
  canAddEntry,
  DEFAULT_SERVICE_ANSWER_COLOR,
  hslOf,
  isHexColour,
  isOkColour,
  isOkName,
  isPositiveAnswer,
  isWarningColour,
  needsFirstAnswerConfirmation,
  rowTypeTakesAnswers,
  SERVICE_ROW_TYPES,
} from './service-answers';

const answer = (overrides: Partial<AnswerLike> = {}): AnswerLike => ({
  id: 'a',
  name: 'OK',
  color: '#2f9e44',
  isCommentRequired: false,
  isPictureRequired: false,
  isDeviationRequired: false,
  ...overrides,
});

const hexColour = fc
  .tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }))
  .map((channels) => `#${channels.map((value) => value.toString(16).padStart(2, '0')).join('')}`);

describe('row types', () => {
  it('has the eight types of SPEC §3, of which the two answer types take answers', () => {
    expect(SERVICE_ROW_TYPES).toHaveLength(8);
    expect(SERVICE_ROW_TYPES.filter(rowTypeTakesAnswers)).toEqual(['singleAnswer', 'multipleAnswers']);
  });
});

describe('colours', () => {
  it('accepts #rrggbb only', () => {
    expect(isHexColour('#999999')).toBe(true);
    expect(isHexColour('#A1b2C3')).toBe(true);
    for (const bad of ['999999', '#999', '#99999g', 'red', '#9999999', ''])
      expect(isHexColour(bad)).toBe(false);
  });

  it('reads hue, saturation and lightness', () => {
    expect(hslOf('#ff0000')).toMatchObject({ hue: 0, saturation: 1, lightness: 0.5 });
    expect(hslOf('#00ff00').hue).toBe(120);
    expect(hslOf('#999999')).toMatchObject({ hue: 0, saturation: 0 });
  });

  it('tells greens from warnings, and grey is neither', () => {
    for (const green of ['#2f9e44', '#40c057', '#37b24d', '#00a000']) expect(isOkColour(green)).toBe(true);
    for (const warning of ['#e03131', '#f08c00', '#fab005', '#c92a2a']) {
      expect(isWarningColour(warning)).toBe(true);
      expect(isOkColour(warning)).toBe(false);
    }
    expect(isOkColour(DEFAULT_SERVICE_ANSWER_COLOR)).toBe(false);
    expect(isWarningColour(DEFAULT_SERVICE_ANSWER_COLOR)).toBe(false);
  });

  it('never calls a colour both OK and a warning', () => {
    fc.assert(fc.property(hexColour, (colour) => !(isOkColour(colour) && isWarningColour(colour))));
  });
});

describe('isPositiveAnswer', () => {
  it('is an OK name or a green, asking for nothing more', () => {
    expect(isPositiveAnswer(answer())).toBe(true);
    expect(isPositiveAnswer(answer({ name: 'Godkjent', color: DEFAULT_SERVICE_ANSWER_COLOR }))).toBe(true);
    expect(isPositiveAnswer(answer({ name: ' i orden. ', color: '#999999' }))).toBe(true);
    expect(isPositiveAnswer(answer({ name: 'Fungerer som den skal', color: '#40c057' }))).toBe(true);
  });

  it('is not an answer that asks for a comment, a picture or a deviation', () => {
    expect(isPositiveAnswer(answer({ isCommentRequired: true }))).toBe(false);
    expect(isPositiveAnswer(answer({ isPictureRequired: true }))).toBe(false);
    expect(isPositiveAnswer(answer({ isDeviationRequired: true }))).toBe(false);
  });

  it('is not a fault or remark, whatever its name', () => {
    expect(isPositiveAnswer(answer({ name: 'Not OK', color: '#999999' }))).toBe(false);
    expect(isPositiveAnswer(answer({ name: 'Ikke OK', color: '#999999' }))).toBe(false);
    expect(isPositiveAnswer(answer({ name: 'OK', color: '#e03131' }))).toBe(false);
    expect(isPositiveAnswer(answer({ name: 'Not applicable', color: '#999999' }))).toBe(false);
  });

  it('needs nothing more of the technician whenever it holds', () => {
    fc.assert(
      fc.property(
        fc.string(),
        hexColour,
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        (name, color, c, p, d) => {
          const candidate = answer({
            name,
            color,
            isCommentRequired: c,
            isPictureRequired: p,
            isDeviationRequired: d,
          });
          return !isPositiveAnswer(candidate) || (!c && !p && !d && !isWarningColour(color));
        },
      ),
    );
  });

  it('compares names whole', () => {
    expect(isOkName('OK')).toBe(true);
    expect(isOkName('OK ✓')).toBe(true);
    expect(isOkName('OK, but worn')).toBe(false);
    expect(isOkName('not ok')).toBe(false);
  });
});

describe('needsFirstAnswerConfirmation', () => {
  const ok = answer({ id: 'ok' });
  const notOk = answer({ id: 'bad', name: 'Not OK', color: '#e03131', isDeviationRequired: true });

  it('asks when a change puts an answer that is not OK at position 1', () => {
    expect(needsFirstAnswerConfirmation([ok, notOk], [notOk, ok])).toBe(true);
    expect(needsFirstAnswerConfirmation([], [notOk])).toBe(true);
    expect(needsFirstAnswerConfirmation([ok, notOk], [notOk])).toBe(true);
  });

  it('asks when the first answer itself changes into one that is not OK', () => {
    expect(needsFirstAnswerConfirmation([ok], [{ ...ok, isCommentRequired: true }])).toBe(true);
  });

  it('does not ask when position 1 is OK, empty, or the same answer as before, unchanged', () => {
    expect(needsFirstAnswerConfirmation([notOk], [ok, notOk])).toBe(false);
    expect(needsFirstAnswerConfirmation([ok], [])).toBe(false);
    expect(needsFirstAnswerConfirmation([notOk, ok], [notOk])).toBe(false);
    expect(needsFirstAnswerConfirmation([notOk], [notOk, ok])).toBe(false);
  });

  it('never asks when the first answer afterwards is positive', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(ok, notOk), { maxLength: 4 }),
        (before) => needsFirstAnswerConfirmation(before, [ok, ...before]) === false,
      ),
    );
  });
});

describe('canAddEntry', () => {
  it('adds the first entry, and another only when the last has a name and a value', () => {
    expect(canAddEntry([])).toBe(true);
    expect(canAddEntry([{ name: 'OK', value: '#2f9e44' }])).toBe(true);
    expect(canAddEntry([{ name: ' ', value: '#2f9e44' }])).toBe(false);
    expect(canAddEntry([{ name: 'OK', value: '' }])).toBe(false);
    expect(
      canAddEntry([
        { name: '', value: '' },
        { name: 'OK', value: '#fff000' },
      ]),
    ).toBe(true);
  });
});
