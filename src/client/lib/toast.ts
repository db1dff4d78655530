import { toast } from 'sonner';

/** Errors appear as toasts titled 'Error' with the message underneath, everywhere in the app. */
export const notifyError = (message: string) => toast.error('Error', { description: message });

/** For each id a caller gives, the sonner id of its toast while that toast is open. */
const openToasts = new Map<string, string | number>();

/**
 * A toast of `kind`; toasts of one `id`, of either kind, replace each other, so a repeated action
 * shows one toast, not a pile: in place while the toast is open; once it has begun to close, the
 * next is a toast of its own, under an id sonner gives it. Sonner would update the closing one and
 * lose the update with it (a rider's 'New order ready' closing just as support assigned them that
 * order hid 'You have been assigned an order').
 */
function showToast(kind: 'success' | 'error', title: string, description?: string, id?: string) {
  if (id === undefined) return toast[kind](title, { description });
  const closing = () => {
    if (openToasts.get(id) === shown) openToasts.delete(id);
  };
  const shown = toast[kind](title, { description, id: openToasts.get(id), onDismiss: closing, onAutoClose: closing });
  openToasts.set(id, shown);
  return shown;
}

/** A success toast: a short title ('Welcome back!', 'Order placed!') with an optional line of detail. */
export const notifySuccess = (title: string, description?: string, id?: string) => showToast('success', title, description, id);

/** A failure toast titled by what failed ('Could not pause orders'), in place of the toast of `id`, such as the success before it. */
export const notifyFailure = (title: string, description: string | undefined, id: string) =>
  showToast('error', title, description, id);
