import { v7 } from 'uuid';

/** Ids are UUID v7 made by the app (DESIGN rule 8): time-ordered, so indexes stay compact. */
export const newId = (): string => v7();
