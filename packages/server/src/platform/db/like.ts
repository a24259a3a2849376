/** The term with LIKE's own wildcards (% and _) and its escape character taken literally. */
export const escapeLike = (text: string) => text.replace(/[%_\\]/g, (character) => `\\${character}`);

/** `%term%`: a LIKE / ILIKE pattern that matches text containing the term anywhere. */
export const containsPattern = (term: string) => `%${escapeLike(term)}%`;
