import { Notifications } from '@mantine/notifications';

/** Where toasts appear (loaded with the first one, see providers). */
export const Toasts = () => (
  // Dialogs keep their title-bar buttons top right and their actions at the footer's ends: bottom
  // centre is where a toast covers none of them.
  <Notifications position="bottom-center" />
);
