/**
 * Service checklists (SPEC §3 service module, §5 "position 1 of the answers must be a positive OK
 * value (a confirmation is asked otherwise)", §9 default colour): the row types, which of them take
 * answers, and what makes an answer the positive OK value a technician taps when all is well.
 */

/** SPEC §3 row types; a new row is `text`. */
export const SERVICE_ROW_TYPES = [
  'text',
  'number',
  'date',
  'singleAnswer',
  'multipleAnswers',
  'picture',
  'signature',
  'url',
] as const;
export type ServiceRowType = (typeof SERVICE_ROW_TYPES)[number];
export const DEFAULT_SERVICE_ROW_TYPE: ServiceRowType = 'text';

/** The row types a technician answers by picking one (or several) of the row's answers. */
export const ANSWER_ROW_TYPES = [
  'singleAnswer',
  'multipleAnswers',
] as const satisfies readonly ServiceRowType[];
export const rowTypeTakesAnswers = (type: ServiceRowType) =>
  (ANSWER_ROW_TYPES as readonly ServiceRowType[]).includes(type);

/** SPEC §9: an answer's colour unless the administrator picks one. */
export const DEFAULT_SERVICE_ANSWER_COLOR = '#999999';

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;
/** A colour as the editor's colour picker writes it: `#rrggbb`. */
export const isHexColour = (value: string) => HEX_COLOUR.test(value);

type Hsl = { hue: number; saturation: number; lightness: number };

/** Hue in degrees (0–360), saturation and lightness 0–1, of a `#rrggbb` colour. */
export const hslOf = (hex: string): Hsl => {
  const channel = (offset: number) => Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
  const [red, green, blue] = [channel(1), channel(3), channel(5)];
  const max = Math.max(red, green, blue);
  const min = Math.min(red, green, blue);
  const lightness = (max + min) / 2;
  const delta = max - min;
  if (delta === 0) return { hue: 0, saturation: 0, lightness };
  const saturation = delta / (1 - Math.abs(2 * lightness - 1));
  const sector =
    max === red
      ? ((green - blue) / delta) % 6
      : max === green
        ? (blue - red) / delta + 2
        : (red - green) / delta + 4;
  return { hue: (sector * 60 + 360) % 360, saturation, lightness };
};

const isColourful = ({ saturation, lightness }: Hsl) =>
  saturation >= 0.25 && lightness >= 0.15 && lightness <= 0.85;

/** A green a person reads as "all is well": hue 75°–170°, clearly coloured, neither near black nor white. */
export const isOkColour = (hex: string) => {
  if (!isHexColour(hex)) return false;
  const hsl = hslOf(hex);
  return isColourful(hsl) && hsl.hue >= 75 && hsl.hue <= 170;
};

/** Red, orange or yellow: the colours of a fault or a remark (hue from 330° round to 65°). */
export const isWarningColour = (hex: string) => {
  if (!isHexColour(hex)) return false;
  const hsl = hslOf(hex);
  return isColourful(hsl) && (hsl.hue >= 330 || hsl.hue <= 65);
};

/**
 * Names that say "all is well" in the trade's two languages, compared whole (so "Not OK" and
 * "Ikke OK" are not among them).
 */
const OK_NAMES = new Set([
  'ok',
  'okay',
  'approved',
  'in order',
  'passed',
  'pass',
  'works',
  'working',
  'yes',
  'good',
  'done',
  'godkjent',
  'i orden',
  'bestått',
  'fungerer',
  'ja',
  'bra',
  'utført',
]);

const normalisedName = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[.!✓✔]+$/u, '')
    .replace(/\s+/g, ' ')
    .trim();

export const isOkName = (name: string) => OK_NAMES.has(normalisedName(name));

export type AnswerLike = {
  id?: string;
  name: string;
  color: string;
  isCommentRequired: boolean;
  isPictureRequired: boolean;
  isDeviationRequired: boolean;
};

/**
 * The positive OK value of SPEC §5: an answer that asks the technician for nothing more (no comment,
 * no picture, no deviation), is not coloured as a fault or remark (red, orange, yellow), and says so
 * by its colour (a green) or its name ("OK", "Godkjent", "I orden"…).
 */
export const isPositiveAnswer = (answer: AnswerLike) =>
  !answer.isCommentRequired &&
  !answer.isPictureRequired &&
  !answer.isDeviationRequired &&
  !isWarningColour(answer.color) &&
  (isOkColour(answer.color) || isOkName(answer.name));

const sameAnswer = (left: AnswerLike, right: AnswerLike) =>
  left.name === right.name &&
  left.color.toLowerCase() === right.color.toLowerCase() &&
  left.isCommentRequired === right.isCommentRequired &&
  left.isPictureRequired === right.isPictureRequired &&
  left.isDeviationRequired === right.isDeviationRequired;

/**
 * Whether a change of a row's answers (in order, before and after) must be confirmed: the answer at
 * position 1 afterwards is not a positive OK value, and it is not the very answer that stood there
 * unchanged before (a first answer confirmed once is not asked about again when others change).
 */
export const needsFirstAnswerConfirmation = (before: readonly AnswerLike[], after: readonly AnswerLike[]) => {
  const first = after[0];
  if (!first || isPositiveAnswer(first)) return false;
  const previous = before[0];
  return !(previous && previous.id !== undefined && previous.id === first.id && sameAnswer(previous, first));
};

/**
 * SPEC §5 add-field helper: a new entry may be added only when the last one has both its name and its
 * value (an answer: its name and colour); an empty list may always get its first.
 */
export const canAddEntry = (entries: readonly { name: string; value: string }[]) => {
  const last = entries.at(-1);
  return !last || (last.name.trim() !== '' && last.value.trim() !== '');
};
