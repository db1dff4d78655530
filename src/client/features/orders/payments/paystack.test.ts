import { describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES } from '@shared/payments/schemas.js';
import {
  paystackLoader,
  resumePayment,
  type PaystackCallbacks,
  type PaystackPopConstructor,
  type ScriptHost,
} from './paystack.js';

const URL_A = 'https://js.pay.example.com/v2/inline.js';

interface FakeScript {
  src: string;
  async: boolean;
  onload: (() => void) | null;
  onerror: (() => void) | null;
  removed: boolean;
  remove(): void;
}

/** A window whose document records the scripts added to it; the test decides whether each loads. */
function fakeHost() {
  const scripts: FakeScript[] = [];
  const host: ScriptHost = {
    document: {
      createElement: () => {
        const script: FakeScript = {
          src: '',
          async: false,
          onload: null,
          onerror: null,
          removed: false,
          remove: () => (script.removed = true),
        };
        return script as unknown as HTMLScriptElement;
      },
      head: { append: (node) => scripts.push(node as unknown as FakeScript) },
    },
  };
  return { host, scripts };
}

const FakePop = class {
  resumeTransaction() {}
} as PaystackPopConstructor;

describe('paystackLoader', () => {
  it('adds the script once, on first use, and answers PaystackPop to every caller', async () => {
    const { host, scripts } = fakeHost();
    const load = paystackLoader(host);
    expect(scripts).toHaveLength(0);

    const first = load(URL_A);
    const second = load(URL_A);
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toMatchObject({ src: URL_A, async: true });

    host.PaystackPop = FakePop;
    scripts[0]!.onload!();
    expect(await first).toBe(FakePop);
    expect(await second).toBe(FakePop);
    expect(await load(URL_A)).toBe(FakePop);
    expect(scripts).toHaveLength(1);
  });

  it("fails with 'Failed to load Paystack script' and tries again on the next payment", async () => {
    const { host, scripts } = fakeHost();
    const load = paystackLoader(host);

    const failed = load(URL_A);
    scripts[0]!.onerror!();
    await expect(failed).rejects.toThrow(PAYMENT_MESSAGES.scriptFailed);
    expect(scripts[0]!.removed).toBe(true);

    const retried = load(URL_A);
    expect(scripts).toHaveLength(2);
    host.PaystackPop = FakePop;
    scripts[1]!.onload!();
    expect(await retried).toBe(FakePop);
  });

  it('fails the same way when the script loads but defines no PaystackPop', async () => {
    const { host, scripts } = fakeHost();
    const loaded = paystackLoader(host)(URL_A);
    scripts[0]!.onload!();
    await expect(loaded).rejects.toThrow(PAYMENT_MESSAGES.scriptFailed);
  });
});

/** A PaystackPop whose popup answers with the given callback. */
const popAnswering = (answer: (callbacks: PaystackCallbacks) => void, opened: string[] = []) =>
  class {
    resumeTransaction(accessCode: string, callbacks: PaystackCallbacks) {
      opened.push(accessCode);
      answer(callbacks);
    }
  } as PaystackPopConstructor;

describe('resumePayment', () => {
  it('resumes the access code and settles paid, or cancelled when the customer leaves', async () => {
    const opened: string[] = [];
    expect(
      await resumePayment(
        popAnswering((c) => c.onSuccess({ reference: 'chop-1' }), opened),
        'code-1',
      ),
    ).toBe('paid');
    expect(opened).toEqual(['code-1']);
    expect(
      await resumePayment(
        popAnswering((c) => c.onCancel()),
        'code-2',
      ),
    ).toBe('cancelled');
  });

  it("fails with the 'Payment Failed' text when Paystack reports an error", async () => {
    await expect(
      resumePayment(
        popAnswering((c) => c.onError({ message: 'declined' })),
        'code-3',
      ),
    ).rejects.toThrow(PAYMENT_MESSAGES.failed);
  });
});
