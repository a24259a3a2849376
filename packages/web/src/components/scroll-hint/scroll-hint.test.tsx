import { fireEvent, screen } from '@testing-library/react';
import { useRef } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { ScrollHint } from './scroll-hint';

/** jsdom lays nothing out: the box's sizes are set by hand, as a 1000 px view of 2500 px of columns. */
const sizeBox = (element: HTMLElement | null, scrollLeft: number) => {
  if (!element) return;
  Object.defineProperty(element, 'clientWidth', { configurable: true, value: 1000 });
  Object.defineProperty(element, 'scrollWidth', { configurable: true, value: 2500 });
  element.scrollLeft = scrollLeft;
};

const Harness = ({ scrollLeft }: { scrollLeft: number }) => {
  const box = useRef<HTMLDivElement>(null);
  return (
    <div style={{ position: 'relative' }}>
      <div
        ref={(element) => {
          sizeBox(element, scrollLeft);
          box.current = element;
        }}
        data-testid="box"
      />
      <ScrollHint target={box} />
    </div>
  );
};

describe('ScrollHint', () => {
  it('offers to scroll right while more columns lie to the right, and left once scrolled', () => {
    renderWithProviders(<Harness scrollLeft={0} />);
    expect(screen.getByRole('button', { name: 'Scroll right to see more columns' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Scroll left' })).toBeNull();

    const box = screen.getByTestId('box');
    box.scrollLeft = 1500;
    fireEvent.scroll(box);
    expect(screen.getByRole('button', { name: 'Scroll left' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Scroll right to see more columns' })).toBeNull();
  });
});
