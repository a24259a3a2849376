import { Typography } from '@mantine/core';
import classes from './help-html.module.css';

/**
 * Help rendered from Markdown by the server, which sanitised it (no script, style, frame, handler or
 * javascript: link can be in it), so it goes into the page as it is.
 */
export const HelpHtml = ({ html }: { html: string }) => (
  <Typography
    className={classes.help}
    // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server (platform/rich-text)
    dangerouslySetInnerHTML={{ __html: html }}
  />
);
