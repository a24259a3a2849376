export const LEVEL_COLOURS: Record<string, string> = { error: 'red', warn: 'orange', info: 'blue' };
