import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDriverTab } from './useDriverTab.js';

const withDeliveries = (initialCount: number | undefined) =>
  renderHook(({ count }: { count: number | undefined }) => useDriverTab(count), { initialProps: { count: initialCount } });

describe('useDriverTab', () => {
  it('shows the delivery a driver has, and otherwise the orders waiting', () => {
    expect(withDeliveries(1).result.current[0]).toBe('deliveries');
    expect(withDeliveries(0).result.current[0]).toBe('available');
    const loading = withDeliveries(undefined);
    expect(loading.result.current[0]).toBe('available');
    loading.rerender({ count: 1 });
    expect(loading.result.current[0]).toBe('deliveries');
  });

  it('keeps the tab the driver picked while the lists change', () => {
    const hook = withDeliveries(1);
    act(() => hook.result.current[1]('available'));
    hook.rerender({ count: 2 });
    expect(hook.result.current[0]).toBe('available');
  });

  it('turns back to the orders waiting once the last delivery is done, after the driver picked My Deliveries', () => {
    const hook = withDeliveries(0);
    act(() => hook.result.current[1]('available'));
    act(() => hook.result.current[1]('deliveries'));
    hook.rerender({ count: 1 });
    expect(hook.result.current[0]).toBe('deliveries');
    hook.rerender({ count: 0 });
    expect(hook.result.current[0]).toBe('available');
  });
});
