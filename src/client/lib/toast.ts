import { toast } from 'sonner';

/** Errors appear as toasts titled 'Error' with the message underneath, everywhere in the app. */
export const notifyError = (message: string) => toast.error('Error', { description: message });

/** For each id a caller gives, the sonner id of the toast shown for it last. */
const shownFor = new Map<string, string>();
let shownCount = 0;

/**
 * A success toast: a short title ('Welcome back!', 'Order placed!') with an optional line of
 * detail. Toasts of one `id` replace each other, so a repeated action shows one toast, not a pile.
 * The newer one is a toast of its own, the older one dismissed: given the older one's id, sonner
 * updates it in place, and loses the update when the older one is closing (a rider's 'New order
 * ready' closing just as dispatch assigns them that order hid the assignment).
 */
export function notifySuccess(title: string, description?: string, id?: string) {
  if (id === undefined) return toast.success(title, { description });
  const previous = shownFor.get(id);
  if (previous !== undefined) toast.dismiss(previous);
  const shown = `${id} ${++shownCount}`;
  const forget = () => {
    if (shownFor.get(id) === shown) shownFor.delete(id);
  };
  shownFor.set(id, shown);
  return toast.success(title, { description, id: shown, onDismiss: forget, onAutoClose: forget });
}
