/**
 * The colour a project's planner cells are drawn in. Projects have no colour field (SPEC §3 names
 * none), so it follows from the project number: stable across screens and sessions, and neighbouring
 * numbers — often booked side by side — get clearly different colours. Each is dark enough for white
 * text (WCAG 2.1 AA, 4.5:1: project-colour.test.ts).
 */
export const PROJECT_COLOURS = [
  '#1971c2',
  '#c2410c',
  '#237032',
  '#ae3ec9',
  '#c92a2a',
  '#0b7285',
  '#5f3dc4',
  '#a61e4d',
  '#4d7c0f',
  '#364fc7',
  '#b45309',
  '#087f5b',
] as const;

export const projectColour = (projectNumber: number): string =>
  PROJECT_COLOURS[
    ((projectNumber % PROJECT_COLOURS.length) + PROJECT_COLOURS.length) % PROJECT_COLOURS.length
  ]!;
