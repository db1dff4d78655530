import { describe, expect, it } from 'vitest';
import { paymentLabel } from './payment.js';

describe('paymentLabel', () => {
  it('names cash, a card payment, and a card payment that was refunded', () => {
    expect(paymentLabel({ paymentMethod: 'cash', paymentStatus: 'pending' })).toBe('Cash on delivery');
    expect(paymentLabel({ paymentMethod: 'paystack-card', paymentStatus: 'completed' })).toBe('Paid by card');
    expect(paymentLabel({ paymentMethod: 'paystack-card', paymentStatus: 'refunded' })).toBe('Card payment refunded');
    expect(paymentLabel({ paymentMethod: null, paymentStatus: null })).toBeNull();
  });
});
