import { useLocation } from 'react-router';
import { REORDER_MESSAGES } from '@shared/orders/reorder.js';
import { missingFromLocationState } from './reorderApi.js';

/** On the checkout after 'Order again': what of the past order is no longer on the menu, named rather than dropped. */
export function OrderAgainNotice() {
  const missing = missingFromLocationState(useLocation().state);
  if (missing.length === 0) return null;
  return (
    <p role="status" className="rounded-lg border border-amber-500/50 bg-amber-50 p-3 text-sm text-amber-950">
      {REORDER_MESSAGES.missing(missing)}
    </p>
  );
}
