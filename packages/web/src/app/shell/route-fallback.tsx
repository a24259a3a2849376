import { Center, Loader } from '@mantine/core';
import classes from './route-fallback.module.css';

/**
 * What a full page load shows until the first screen's code and the session check are ready:
 * nothing at first, and a quiet loader only if that takes noticeably long (no flash on a fast load).
 */
export const RouteFallback = () => (
  <Center mih="100vh" className={classes.delayed} data-testid="route-fallback">
    <Loader type="dots" />
  </Center>
);
