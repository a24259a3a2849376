import { describe, expect, it } from 'vitest';
import { missingRequiredFields, serviceItemStatusOf } from './service-item-status';

const answer = (color: string, asks: Partial<Record<'comment' | 'picture' | 'deviation', boolean>> = {}) => ({
  color,
  isCommentRequired: asks.comment ?? false,
  isPictureRequired: asks.picture ?? false,
  isDeviationRequired: asks.deviation ?? false,
});

describe('serviceItemStatusOf', () => {
  it('is not visited without answers, OK with green or grey ones', () => {
    expect(serviceItemStatusOf(0, [])).toBe('notVisited');
    expect(serviceItemStatusOf(2, [answer('#2f9e44'), answer('#999999')])).toBe('ok');
    expect(serviceItemStatusOf(1, [])).toBe('ok');
  });
  it('needs attention for orange/yellow or an answer that asks for a comment', () => {
    expect(serviceItemStatusOf(1, [answer('#f08c00')])).toBe('attention');
    expect(serviceItemStatusOf(1, [answer('#999999', { comment: true })])).toBe('attention');
  });
  it('is a fault for red or an answer that asks for a deviation', () => {
    expect(serviceItemStatusOf(2, [answer('#2f9e44'), answer('#e03131')])).toBe('fault');
    expect(serviceItemStatusOf(1, [answer('#999999', { deviation: true })])).toBe('fault');
  });
});

describe('missingRequiredFields', () => {
  it('names the comment and picture the chosen answer asks for', () => {
    const chosen = { isCommentRequired: true, isPictureRequired: true };
    expect(missingRequiredFields(chosen, { comment: '  ', pictureId: null })).toEqual({
      comment: 'validation.commentRequired',
      pictureId: 'validation.pictureRequired',
    });
    expect(missingRequiredFields(chosen, { comment: 'Sensor skadet', pictureId: 'x' })).toEqual({});
    expect(missingRequiredFields(null, { comment: '', pictureId: null })).toEqual({});
  });
});
