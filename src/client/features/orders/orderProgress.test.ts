import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, TRANSITIONS, type OrderStatus } from '@shared/orders/status.js';
import { PROGRESS_STEPS, progressOf } from './orderProgress.js';

const states = (status: OrderStatus) => progressOf(status)?.map(({ step, state }) => `${step.label}: ${state}`);
const stepIndex = (status: OrderStatus) => progressOf(status)?.findIndex(({ state }) => state === 'current');

describe('progressOf', () => {
  it('marks the steps before the current one done and those after it upcoming', () => {
    expect(states('preparing')).toEqual([
      'Placed: done',
      'Confirmed: done',
      'Preparing: current',
      'Ready: upcoming',
      'On the way: upcoming',
      'Delivered: upcoming',
    ]);
    expect(states('pending')?.[0]).toBe('Placed: current');
    expect(states('picked_up')?.slice(3, 5)).toEqual(['Ready: done', 'On the way: current']);
    expect(states('delivered')?.every((line, index) => line.endsWith(index === 5 ? 'current' : 'done'))).toBe(true);
  });

  it('keeps an order whose driver is heading to the restaurant at Ready, before On the way', () => {
    expect(stepIndex('accepted')).toBe(stepIndex('ready'));
    expect(stepIndex('accepted')).toBeLessThan(stepIndex('picked_up')!);
  });

  it('shows a cancelled order, or one whose customer was not available, as no step', () => {
    expect(progressOf('cancelled')).toBeNull();
    expect(progressOf('customer_unavailable')).toBeNull();
  });

  it('has a step for every status but those that leave the steps, and never goes back a step along a move of the status machine', () => {
    const offSteps: readonly OrderStatus[] = ['cancelled', 'customer_unavailable'];
    const stepped = PROGRESS_STEPS.flatMap((step) => step.statuses as readonly OrderStatus[]);
    expect([...stepped].sort()).toEqual(ORDER_STATUSES.filter((status) => !offSteps.includes(status)).sort());
    for (const from of ORDER_STATUSES) {
      for (const to of Object.keys(TRANSITIONS[from]) as OrderStatus[]) {
        if (offSteps.includes(to)) continue;
        expect(stepIndex(to), `${from} → ${to}`).toBeGreaterThanOrEqual(stepIndex(from)!);
      }
    }
  });
});
