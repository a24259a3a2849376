import { hslOf, isHexColour, isWarningColour } from './service-answers';

/** What a chosen answer tells about the item (the answer's own fields, SPEC §3 service answer). */
export type ChosenAnswer = {
  color: string;
  isCommentRequired: boolean;
  isPictureRequired: boolean;
  isDeviationRequired: boolean;
};

/** A red (hue 330°–20°, clearly coloured): the colour of a fault. */
export const isFaultColour = (hex: string) => {
  if (!isWarningColour(hex) || !isHexColour(hex)) return false;
  const { hue } = hslOf(hex);
  return hue >= 330 || hue <= 20;
};

/**
 * The item's status from the answers chosen on its checklist (the map colours the marker by it):
 * - no answer at all: `notVisited`;
 * - any chosen answer that asks for a deviation, or is red: `fault`;
 * - else any that asks for a comment or a picture, or is orange or yellow: `attention`;
 * - else (answers given, all of them OK or neutral, values filled in): `ok`.
 */
export const serviceItemStatusOf = (
  answerCount: number,
  chosen: readonly ChosenAnswer[],
): 'notVisited' | 'ok' | 'attention' | 'fault' => {
  if (answerCount === 0) return 'notVisited';
  if (chosen.some((answer) => answer.isDeviationRequired || isFaultColour(answer.color))) return 'fault';
  if (
    chosen.some(
      (answer) => answer.isCommentRequired || answer.isPictureRequired || isWarningColour(answer.color),
    )
  ) {
    return 'attention';
  }
  return 'ok';
};

/** SPEC §5: what the chosen answer asks for that the user answer lacks (message keys by field). */
export const missingRequiredFields = (
  chosen: Pick<ChosenAnswer, 'isCommentRequired' | 'isPictureRequired'> | null,
  values: { comment: string; pictureId: string | null },
) => {
  const fields: Record<string, string> = {};
  if (chosen?.isCommentRequired && values.comment.trim() === '')
    fields.comment = 'validation.commentRequired';
  if (chosen?.isPictureRequired && !values.pictureId) fields.pictureId = 'validation.pictureRequired';
  return fields;
};
