/**
 * Where an SMS is: `queued` until a provider takes it (`sent`), then `delivered` or `failed` by
 * its delivery report; `logged` when no provider is configured and it only went to the log.
 */
export const SMS_STATUSES = ['queued', 'sent', 'delivered', 'failed', 'logged'] as const;
