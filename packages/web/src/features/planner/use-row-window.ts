import { type RefObject, useEffect, useMemo, useState } from 'react';

/**
 * Which of a long table's rows to draw: those in the scrolling box's view and `overscan` pixels
 * around it; spacers of the right height stand in for the others, so the scroll bar, the sticky
 * headers and the positions stay as if every row were there. Rows have fixed heights (given in
 * order). Without a measured box (a test's DOM) the window's height stands in.
 */
export const useRowWindow = (
  scroller: RefObject<HTMLElement | null>,
  heights: readonly number[],
  overscan = 600,
) => {
  const [viewport, setViewport] = useState({ top: 0, height: 0 });

  useEffect(() => {
    const box = scroller.current;
    if (!box) return;
    let frame = 0;
    const read = () => {
      frame = 0;
      setViewport((current) =>
        current.top === box.scrollTop && current.height === box.clientHeight
          ? current
          : { top: box.scrollTop, height: box.clientHeight },
      );
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(read);
    };
    read();
    box.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      cancelAnimationFrame(frame);
      box.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, [scroller]);

  const offsets = useMemo(() => {
    const result = [0];
    for (const height of heights) result.push(result.at(-1)! + height);
    return result;
  }, [heights]);

  const total = offsets.at(-1) ?? 0;
  const from = viewport.top - overscan;
  const to = viewport.top + (viewport.height || window.innerHeight) + overscan;
  let start = 0;
  while (start < heights.length - 1 && offsets[start + 1]! <= from) start++;
  let end = start;
  while (end < heights.length - 1 && offsets[end + 1]! < to) end++;
  return {
    start,
    /** The last row drawn (inclusive). */
    end,
    before: offsets[start] ?? 0,
    after: total - (offsets[end + 1] ?? total),
    offsetOf: (index: number) => offsets[index] ?? 0,
  };
};
