/** Says only that this browser may hold a session (its refresh cookie is out of script reach); not a secret. */
export const SESSION_HINT_KEY = 'chopchop.signedIn';

/** Whether this browser may hold a session; false when storage is blocked (private mode). */
export function mayHoldSession(storage: Pick<Storage, 'getItem'> | null): boolean {
  try {
    return storage?.getItem(SESSION_HINT_KEY) === '1';
  } catch {
    return false;
  }
}

/** The browser's localStorage, or null where there is none or it is blocked (reaching it can throw). */
export function browserStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}
