/**
 * What one realtime socket, and one user across sockets, may ask of this instance. A client that
 * goes over them is closed with REALTIME_CLOSE.policyViolation. The web client sends its token and
 * then one subscribe per topic it follows on every (re)connection, so the burst and the queue
 * leave room for MAX_TOPICS subscribes at once.
 */
export const MAX_TOPICS = 50;
/** Messages a socket may send in a burst, then per second. */
export const MESSAGE_BURST = 80;
export const MESSAGES_PER_SECOND = 20;
/** Messages received but not yet handled (each subscribe may wait on the database). */
export const MAX_QUEUED_MESSAGES = 60;
/** Subscriptions the policy refused (each one a lookup) before the socket is closed. */
export const MAX_REFUSALS = 20;
/** Signed-in sockets one user may hold on this instance. */
export const MAX_SOCKETS_PER_USER = 10;
/**
 * Sign-ins one user may make on this instance in a burst, then per minute, counted across
 * reconnections: each sign-in brings a fresh message budget and MAX_REFUSALS lookups, so a client
 * closed for going over them must not get them back by reconnecting at once. The web client waits
 * 30 s after a policy close and backs off on other drops, far inside this.
 */
export const SIGN_IN_BURST = 30;
export const SIGN_INS_PER_MINUTE = 30;
/** Time a closed client gets to answer the close before its connection is cut. */
export const CLOSE_GRACE_MS = 1000;
