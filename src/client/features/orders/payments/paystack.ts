import { PAYMENT_MESSAGES } from '@shared/payments/schemas.js';
import { PaymentFailure } from './paymentFailure.js';

/** Paystack's inline script (v2) as this app uses it: resume a transaction the server initialized. */
export interface PaystackCallbacks {
  onSuccess: (transaction: { reference?: string }) => void;
  onCancel: () => void;
  onError: (error: { message?: string }) => void;
}
interface PaystackPopup {
  resumeTransaction(accessCode: string, callbacks: PaystackCallbacks): unknown;
}
export type PaystackPopConstructor = new () => PaystackPopup;

/** The parts of `window` the loader touches, so it can be tested without a browser. */
export interface ScriptHost {
  PaystackPop?: PaystackPopConstructor;
  document: { createElement(tag: 'script'): HTMLScriptElement; head: { append(node: HTMLScriptElement): void } };
}

/**
 * A loader of Paystack's script into `host`: the script is added the first time a payment needs
 * it and kept afterwards; a failed load ('Failed to load Paystack script') is forgotten, so the
 * next payment tries again.
 */
export function paystackLoader(host: ScriptHost): (scriptUrl: string) => Promise<PaystackPopConstructor> {
  const loads = new Map<string, Promise<PaystackPopConstructor>>();
  return (scriptUrl) => {
    const known = loads.get(scriptUrl);
    if (known) return known;
    const load = new Promise<PaystackPopConstructor>((resolve, reject) => {
      const failed = () => {
        script.remove();
        reject(new PaymentFailure(PAYMENT_MESSAGES.scriptFailed));
      };
      const script = host.document.createElement('script');
      script.src = scriptUrl;
      script.async = true;
      script.onload = () => (host.PaystackPop ? resolve(host.PaystackPop) : failed());
      script.onerror = failed;
      host.document.head.append(script);
    });
    loads.set(scriptUrl, load);
    load.catch(() => loads.delete(scriptUrl));
    return load;
  };
}

let pageLoader: ReturnType<typeof paystackLoader> | undefined;

/** Paystack's script in this page, from the configured URL (GET /api/config). */
export const loadPaystack = (scriptUrl: string) => (pageLoader ??= paystackLoader(window))(scriptUrl);

/**
 * Opens Paystack's popup on the transaction the server initialized; settles 'paid' or 'cancelled'
 * when the customer is done, and fails with the 'Payment Failed' text (PAYMENT_MESSAGES.failed)
 * when Paystack reports an error.
 */
export function resumePayment(PaystackPop: PaystackPopConstructor, accessCode: string): Promise<'paid' | 'cancelled'> {
  return new Promise((resolve, reject) => {
    new PaystackPop().resumeTransaction(accessCode, {
      onSuccess: () => resolve('paid'),
      onCancel: () => resolve('cancelled'),
      onError: () => reject(new PaymentFailure(PAYMENT_MESSAGES.failed)),
    });
  });
}
