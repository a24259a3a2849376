import { em } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/** Below Mantine's `xs` breakpoint: a phone, where dialogs take the whole screen and tables become lists. */
export const useIsPhone = () => useMediaQuery(`(max-width: ${em(576)})`) ?? false;
