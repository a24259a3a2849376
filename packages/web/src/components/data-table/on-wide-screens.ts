import type { MantineTheme } from '@mantine/core';

/**
 * Spread into a mantine-datatable column that only the widest screens show. Below them the column's
 * value is left to the record's dialog (and the filter bar), so the rest of the table fits beside
 * the open drawer without scrolling sideways.
 */
export const ON_WIDE_SCREENS = {
  visibleMediaQuery: (theme: MantineTheme) => `(min-width: ${theme.breakpoints.xl})`,
};

/** For a column that fits only on screens wider still (1600 px): beside the drawer at 1440 px it would not. */
export const ON_WIDEST_SCREENS = {
  visibleMediaQuery: () => '(min-width: 100em)',
};

/** For a column a phone has no room for: shown from Mantine's `sm` breakpoint up. */
export const ABOVE_PHONES = {
  visibleMediaQuery: (theme: MantineTheme) => `(min-width: ${theme.breakpoints.sm})`,
};
