import type { MantineSize } from '@mantine/core';

export type AppDialogSize = MantineSize | number;

/** Widths in px, matching Mantine's modal sizes so AppDialog and plain modals line up. */
const WIDTHS: Record<MantineSize, number> = { xs: 320, sm: 380, md: 440, lg: 620, xl: 780 };

export const widthOf = (size: AppDialogSize) => (typeof size === 'number' ? size : WIDTHS[size]);

/** Smallest size the corner handle allows: the header buttons and a line of content still fit. */
export const MIN_WIDTH = 320;
export const MIN_HEIGHT = 200;

/** Space above the dialog; dragging may use it but never push the header out of the window. */
export const TOP_GAP = 40;

export type Offset = { x: number; y: number };
export type Size = { width: number; height: number };

export const clampOffset = ({ x, y }: Offset): Offset => ({ x, y: Math.max(-TOP_GAP, y) });

/**
 * The dialog is centred horizontally, so growing it by `dw` moves its left edge by `dw / 2`;
 * shifting it back by the same amount keeps that edge still and lets the corner follow the pointer.
 */
export const resizeFrom = (start: { size: Size; offset: Offset }, dx: number, dy: number) => {
  const width = Math.max(MIN_WIDTH, start.size.width + dx);
  const height = Math.max(MIN_HEIGHT, start.size.height + dy);
  return {
    size: { width, height },
    offset: { x: start.offset.x + (width - start.size.width) / 2, y: start.offset.y },
  };
};
