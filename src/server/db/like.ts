/**
 * An ILIKE pattern that finds `text` anywhere, taken literally: its own % _ and \ match only
 * themselves. pg_trgm's GIN indexes serve such patterns once they hold three characters.
 */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
