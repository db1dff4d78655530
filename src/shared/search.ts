import { optionalText } from './fields.js';

export const SEARCH_MAX = 100;

/** ?q= of every searchable list: bounded, NUL-free text; empty means no search. */
export const searchText = () => optionalText(SEARCH_MAX, `Search for at most ${SEARCH_MAX} characters`);
