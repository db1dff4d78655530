import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/sonner.js';
import { toastTitlesShown } from '@/test/toasts.js';
import { notifyFailure, notifySuccess } from './toast.js';

/** Sonner closes a toast 4 s after it shows, then takes it off the page once it has faded out. */
const SHOWN_FOR_MS = 4_000;

describe('toasts of one id', () => {
  beforeEach(() => {
    // Sonner dismisses on the next animation frame, then takes the toast off the page after a timeout.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
    render(<Toaster />);
  });
  afterEach(() => {
    // Unmounted while the timers are still fake, so none of sonner's outlives the test.
    cleanup();
    vi.useRealTimers();
  });

  const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

  it('shows the newer toast in place of the older one', async () => {
    act(() => void notifySuccess('New order ready', 'Order 1a2b3c4d', 'order-1'));
    await advance(1_000);
    act(() => void notifySuccess('You have been assigned an order', 'Order 1a2b3c4d', 'order-1'));
    await advance(500);

    expect(toastTitlesShown()).toEqual(['You have been assigned an order']);
    expect(document.querySelectorAll('[data-sonner-toast]')).toHaveLength(1);
  });

  it('shows the newer toast when it comes while the older one is closing', async () => {
    act(() => void notifySuccess('New order ready', 'Order 1a2b3c4d', 'order-1'));
    await advance(SHOWN_FOR_MS + 50);
    act(() => void notifySuccess('You have been assigned an order', 'Order 1a2b3c4d', 'order-1'));
    await advance(500);

    expect(toastTitlesShown()).toEqual(['You have been assigned an order']);
  });

  it('shows a failure in place of the success toast of its id, and a success in place of the failure', async () => {
    act(() => void notifySuccess('Orders paused', undefined, 'order-pause'));
    await advance(500);
    act(() => void notifyFailure('Could not change the pause', 'Please try again.', 'order-pause'));
    await advance(500);
    expect(toastTitlesShown()).toEqual(['Could not change the pause']);

    act(() => void notifySuccess('Orders resumed', undefined, 'order-pause'));
    await advance(500);
    expect(toastTitlesShown()).toEqual(['Orders resumed']);
    expect(document.querySelectorAll('[data-sonner-toast]')).toHaveLength(1);
  });

  it('keeps toasts of other ids', async () => {
    act(() => void notifySuccess('New order ready', 'Order 1a2b3c4d', 'order-1'));
    act(() => void notifySuccess('New order ready', 'Order 5e6f7a8b', 'order-2'));
    await advance(500);

    expect(toastTitlesShown()).toEqual(['New order ready', 'New order ready']);
  });
});
