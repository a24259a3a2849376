import { ActionIcon } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './scroll-hint.module.css';
import { useHorizontalOverflow } from './use-horizontal-overflow';

/**
 * Shows that a wide box scrolls sideways: a fading edge and an arrow button on each side that has
 * more columns, which scrolls by most of a view. Place it inside a `position: relative` wrapper
 * around the scrolling box.
 */
export const ScrollHint = ({
  target,
  leftInset = 0,
}: {
  target: RefObject<HTMLElement | null>;
  /** Width of a sticky first column, which the left edge must not cover. */
  leftInset?: number;
}) => {
  const { t } = useTranslation('components');
  const { canScrollLeft, canScrollRight } = useHorizontalOverflow(target);
  const scrollBy = (direction: 1 | -1) => {
    const element = target.current;
    element?.scrollBy({ left: direction * element.clientWidth * 0.7, behavior: 'smooth' });
  };
  return (
    <>
      {canScrollLeft && (
        <div className={classes.edge} data-side="left" style={{ left: leftInset + 1 }}>
          <ActionIcon
            className={classes.button}
            variant="default"
            radius="xl"
            onClick={() => scrollBy(-1)}
            aria-label={t('scrollHint.left')}
          >
            <IconChevronLeft size={18} />
          </ActionIcon>
        </div>
      )}
      {canScrollRight && (
        <div className={classes.edge} data-side="right">
          <ActionIcon
            className={classes.button}
            variant="default"
            radius="xl"
            onClick={() => scrollBy(1)}
            aria-label={t('scrollHint.right')}
          >
            <IconChevronRight size={18} />
          </ActionIcon>
        </div>
      )}
    </>
  );
};
