/**
 * What the Paystack stand-in (paystack.ts) serves to browsers, for the e2e journeys: an inline
 * script defining `window.PaystackPop` with `resumeTransaction(accessCode, callbacks)`, and the
 * payment page it opens in a full-window iframe. The page tells the script the outcome by
 * postMessage; the script removes the frame and calls onSuccess, onCancel or onError.
 */

/** Marks the stand-in's messages among whatever else a page receives. */
const SOURCE = 'paystack-standin';

export function inlineScript(origin: string): string {
  return `(() => {
  const origin = ${JSON.stringify(origin)};
  class PaystackPop {
    resumeTransaction(accessCode, callbacks = {}) {
      const frame = document.createElement('iframe');
      frame.src = origin + '/pay/' + encodeURIComponent(accessCode);
      frame.title = 'Paystack checkout';
      frame.style.cssText = 'position:fixed;inset:0;width:100%;height:100%;border:0;z-index:2147483647;background:transparent';
      const settle = (event) => {
        if (event.origin !== origin || event.source !== frame.contentWindow || event.data?.source !== '${SOURCE}') return;
        window.removeEventListener('message', settle);
        frame.remove();
        const { outcome, reference, message } = event.data;
        if (outcome === 'success') callbacks.onSuccess?.({ reference, message: 'Approved' });
        else if (outcome === 'cancel') callbacks.onCancel?.();
        else callbacks.onError?.({ message });
      };
      window.addEventListener('message', settle);
      document.body.append(frame);
    }
  }
  window.PaystackPop = PaystackPop;
})();
`;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `
  * { box-sizing: border-box; }
  html, body { margin: 0; height: 100%; }
  body { display: grid; place-items: center; padding: 16px; background: rgb(0 0 0 / 0.55);
    font: 16px/1.5 system-ui, sans-serif; color: #111827; }
  main { width: 100%; max-width: 22rem; display: grid; gap: 16px; padding: 24px; border-radius: 12px;
    background: #fff; box-shadow: 0 10px 30px rgb(0 0 0 / 0.3); }
  h1 { margin: 0; font-size: 1.1rem; }
  p { margin: 0; color: #4b5563; overflow-wrap: anywhere; }
  .amount { font-size: 1.75rem; font-weight: 700; color: #111827; }
  .actions { display: grid; gap: 8px; }
  button { min-height: 44px; border-radius: 8px; font: inherit; font-weight: 600; cursor: pointer; }
  #pay { border: 0; background: #0ba4db; color: #fff; }
  #pay:disabled { opacity: 0.6; }
  #cancel { border: 1px solid #d1d5db; background: #fff; color: #111827; }`;

/** The payment page for one transaction (or for an unknown access code, which reports an error at once). */
export function paymentPage(transaction: { amount: number; currency: string; email: string } | undefined): string {
  const body = transaction
    ? `<main aria-labelledby="title">
    <h1 id="title">Paystack test payment</h1>
    <p>${escapeHtml(transaction.email)}</p>
    <p class="amount">${escapeHtml(transaction.currency)} ${(transaction.amount / 100).toFixed(2)}</p>
    <p>A local stand-in for Paystack: no card is charged.</p>
    <div class="actions"><button id="pay" type="button">Pay</button><button id="cancel" type="button">Cancel</button></div>
  </main>`
    : `<main><h1>This payment was not found</h1></main>`;
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Paystack test payment</title>
<style>${STYLE}</style></head>
<body>
  ${body}
  <script>
    const tell = (message) => parent.postMessage({ source: '${SOURCE}', ...message }, '*');
    const pay = document.getElementById('pay');
    if (!pay) tell({ outcome: 'error', message: 'Transaction not found' });
    pay?.addEventListener('click', async () => {
      pay.disabled = true;
      const res = await fetch(location.pathname, { method: 'POST' }).catch(() => undefined);
      const reply = res ? await res.json().catch(() => ({})) : {};
      tell(res?.ok ? { outcome: 'success', reference: reply.reference } : { outcome: 'error', message: reply.message });
    });
    document.getElementById('cancel')?.addEventListener('click', () => tell({ outcome: 'cancel' }));
  </script>
</body>
</html>
`;
}
