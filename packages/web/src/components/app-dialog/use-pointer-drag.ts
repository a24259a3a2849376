import { type PointerEvent as ReactPointerEvent, useCallback, useEffect, useRef } from 'react';

type DragHandlers = {
  /** Called once when the drag starts, to remember where the element was. */
  onStart: () => void;
  /** Distance from where the pointer went down, in CSS pixels. */
  onMove: (dx: number, dy: number) => void;
  onEnd?: () => void;
};

/**
 * Tracks a pointer drag on `window` rather than with pointer capture, so a fast pointer that leaves
 * the small handle keeps dragging, and jsdom can drive it in tests.
 */
export const usePointerDrag = ({ onStart, onMove, onEnd }: DragHandlers) => {
  const stopRef = useRef<(() => void) | null>(null);
  const handlersRef = useRef({ onStart, onMove, onEnd });
  handlersRef.current = { onStart, onMove, onEnd };

  // A dialog closed mid-drag must not leave listeners behind.
  useEffect(() => () => stopRef.current?.(), []);

  return useCallback((event: ReactPointerEvent) => {
    if (event.button !== 0) return;
    event.preventDefault();
    const originX = event.clientX;
    const originY = event.clientY;
    handlersRef.current.onStart();
    const move = (moveEvent: PointerEvent) =>
      handlersRef.current.onMove(moveEvent.clientX - originX, moveEvent.clientY - originY);
    const stop = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', stop);
      window.removeEventListener('pointercancel', stop);
      stopRef.current = null;
      handlersRef.current.onEnd?.();
    };
    stopRef.current?.();
    stopRef.current = stop;
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', stop);
    window.addEventListener('pointercancel', stop);
  }, []);
};
