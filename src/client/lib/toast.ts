import { toast } from 'sonner';

/** Errors appear as toasts titled 'Error' with the message underneath, everywhere in the app. */
export const notifyError = (message: string) => toast.error('Error', { description: message });

/**
 * A success toast: a short title ('Welcome back!', 'Order placed!') with an optional line of
 * detail. Toasts of one `id` replace each other, so a repeated action shows one toast, not a pile.
 */
export const notifySuccess = (title: string, description?: string, id?: string) => toast.success(title, { description, id });
