import { em } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/** Below Mantine's `xs` breakpoint: dialogs with a QR code or a list of codes take the whole screen. */
export const useIsPhone = () => useMediaQuery(`(max-width: ${em(576)})`) ?? false;
