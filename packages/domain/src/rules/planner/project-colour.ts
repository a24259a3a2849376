/**
 * The colour a project's planner cells are drawn in. Projects have no colour field (SPEC §3 names
 * none), so it follows from the project number: stable across screens and sessions, and neighbouring
 * numbers — often booked side by side — get clearly different colours. Each is dark enough for white
 * text.
 */
export const PROJECT_COLOURS = [
  '#1c7ed6',
  '#e8590c',
  '#2f9e44',
  '#ae3ec9',
  '#c92a2a',
  '#0c8599',
  '#5f3dc4',
  '#a61e4d',
  '#5c940d',
  '#364fc7',
  '#d9480f',
  '#087f5b',
] as const;

export const projectColour = (projectNumber: number): string =>
  PROJECT_COLOURS[
    ((projectNumber % PROJECT_COLOURS.length) + PROJECT_COLOURS.length) % PROJECT_COLOURS.length
  ]!;
