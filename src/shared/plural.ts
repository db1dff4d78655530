/** The noun for a count: `noun` for exactly one, otherwise `nouns` (the noun and an s unless given). */
export const plural = (count: number, noun: string, nouns = `${noun}s`) => (count === 1 ? noun : nouns);

/** '1 item', '3 items', '0 items': the count and its noun. */
export const countOf = (count: number, noun: string, nouns?: string) => `${count} ${plural(count, noun, nouns)}`;
