import { type RefObject, useEffect, useState } from 'react';

export type HorizontalOverflow = { canScrollLeft: boolean; canScrollRight: boolean };

/** Whether a box that scrolls sideways has more content to the left or right of what it shows. */
export const useHorizontalOverflow = (ref: RefObject<HTMLElement | null>): HorizontalOverflow => {
  const [overflow, setOverflow] = useState<HorizontalOverflow>({
    canScrollLeft: false,
    canScrollRight: false,
  });
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      // A pixel of slack: zoomed pages report fractional scroll positions.
      const canScrollLeft = element.scrollLeft > 1;
      const canScrollRight = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
      setOverflow((current) =>
        current.canScrollLeft === canScrollLeft && current.canScrollRight === canScrollRight
          ? current
          : { canScrollLeft, canScrollRight },
      );
    };
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => {
      element.removeEventListener('scroll', measure);
      observer.disconnect();
    };
  }, [ref]);
  return overflow;
};
