import { describe, expect, it } from 'vitest';
import { MESSAGE_PREVIEW, messagePreview, unreadPreviewList } from './message-preview';

describe('messagePreview (SPEC §9: cut to 10 characters plus an ellipsis)', () => {
  it('keeps a message of 10 characters or fewer whole, without an ellipsis', () => {
    expect(messagePreview('Hei Ola')).toBe('Hei Ola');
    expect(messagePreview('0123456789')).toBe('0123456789');
  });

  it('cuts a longer message to 10 characters and adds an ellipsis', () => {
    expect(messagePreview('01234567890')).toBe('0123456789…');
    expect(messagePreview('Husk befaring på Lørenskog i morgen')).toBe('Husk befar…');
  });

  it('counts æ, ø and å as one character each, also when written decomposed', () => {
    expect(messagePreview('ææææøøøøååå')).toBe('ææææøøøøåå…');
    // "å" as a + combining ring: one character to the reader.
    const decomposed = 'a\u030A'.repeat(11);
    expect(messagePreview(decomposed)).toBe(`${'a\u030A'.repeat(10)}…`);
  });

  it('never cuts an emoji in half', () => {
    expect(messagePreview('🚪🚪🚪🚪🚪🚪🚪🚪🚪🚪🚪')).toBe('🚪🚪🚪🚪🚪🚪🚪🚪🚪🚪…');
    const family = '👨‍👩‍👧‍👦';
    expect(messagePreview(`Hei ${family} og 🇳🇴 flagg`)).toBe(`Hei ${family} og 🇳🇴…`);
  });

  it('shows a message on one line: line breaks and runs of spaces become one space', () => {
    expect(messagePreview('Hei\n\nOla   og  Kari')).toBe('Hei Ola og…');
  });

  it('leaves no space before the ellipsis', () => {
    expect(messagePreview('Ring meg i dag')).toBe('Ring meg i…');
  });
});

describe('unreadPreviewList (SPEC §9: at most 10 unread)', () => {
  const message = (index: number, isRead = false) => ({
    id: `m${index}`,
    message: `Melding nr ${index}`,
    isRead,
  });

  it('shows only the unread messages, at most 10, in the order given, and counts the rest', () => {
    const messages = [message(0, true), ...Array.from({ length: 12 }, (_, index) => message(index + 1))];
    const list = unreadPreviewList(messages);
    expect(list.items).toHaveLength(MESSAGE_PREVIEW.maxUnread);
    expect(list.items.map((item) => item.id)).toEqual(messages.slice(1, 11).map((item) => item.id));
    expect(list.items.every((item) => !item.isRead)).toBe(true);
    expect(list.more).toBe(2);
    expect(list.items[0]?.preview).toBe('Melding nr…');
  });

  it('is empty when everything is read', () => {
    expect(unreadPreviewList([message(1, true)])).toEqual({ items: [], more: 0 });
  });
});
