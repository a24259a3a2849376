/**
 * The compact message list (SPEC §9): at most 10 unread messages, each cut to 10 characters plus an
 * ellipsis. The header's messages menu and the dashboard's "today's messages" both show it.
 */
export const MESSAGE_PREVIEW = { maxUnread: 10, maxCharacters: 10, ellipsis: '…' } as const;

/**
 * Splits a text into what a reader counts as characters: "ø" is one, and so is an emoji built of
 * several code points (a family, a flag, a skin tone), so a cut never leaves half of one behind.
 */
const graphemesOf = (text: string): string[] => {
  if (typeof Intl !== 'undefined' && 'Segmenter' in Intl) {
    const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
    return Array.from(segmenter.segment(text), (part) => part.segment);
  }
  // Without Intl.Segmenter, code points at least never split a surrogate pair.
  return Array.from(text);
};

/**
 * A message as the compact list shows it: on one line (line breaks and runs of spaces become one
 * space), cut to `maxCharacters` characters plus an ellipsis when longer.
 */
export const messagePreview = (text: string, maxCharacters: number = MESSAGE_PREVIEW.maxCharacters) => {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  const characters = graphemesOf(oneLine);
  if (characters.length <= maxCharacters) return oneLine;
  return `${characters.slice(0, maxCharacters).join('').trimEnd()}${MESSAGE_PREVIEW.ellipsis}`;
};

/**
 * The unread messages the compact list shows, in the order given (newest first from the server), at
 * most `maxUnread`; `more` is how many unread ones it leaves out.
 */
export const unreadPreviewList = <Message extends { isRead: boolean; message: string }>(
  messages: readonly Message[],
  options: { maxUnread?: number; maxCharacters?: number } = {},
) => {
  const maxUnread = options.maxUnread ?? MESSAGE_PREVIEW.maxUnread;
  const unread = messages.filter((message) => !message.isRead);
  return {
    items: unread
      .slice(0, maxUnread)
      .map((message) => ({ ...message, preview: messagePreview(message.message, options.maxCharacters) })),
    more: Math.max(0, unread.length - maxUnread),
  };
};
