export { HELP_SCREEN_PARAM, HelpAdmin } from './help-admin';
export { ScreenHelp, type ScreenHelpProps } from './screen-help';
export { HELP_SCREEN_TITLE_KEYS } from './screen-titles';
export { useReleaseNotesAfterUpdate } from './use-release-notes-after-update';
