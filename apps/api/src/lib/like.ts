/** Escapes LIKE wildcards (and the escape character) so a search for "50%" looks for the text "50%". */
export const likeEscape = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE/ILIKE pattern matching any text that contains `text` literally. */
export const likeContains = (text: string): string => `%${likeEscape(text)}%`;
