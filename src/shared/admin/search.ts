import { optionalText } from '../fields.js';

export const ADMIN_SEARCH_MAX = 100;

/** ?q= of every admin list: bounded, NUL-free text; empty means no search. */
export const adminSearchText = () => optionalText(ADMIN_SEARCH_MAX, `Search for at most ${ADMIN_SEARCH_MAX} characters`);
