import { describe, expect, it } from 'vitest';
import { expectedPaymentCents, paymentPerUnitCents } from './billing.ts';

describe('expected payment (decision 1201)', () => {
  it('rounds Medicare’s share of one unit to the cent first, so units × that figure gives every amount', () => {
    // $53.81 × 80 % = $43.048 → $43.05 a unit; nine units are $387.45, as nine lines of one unit add up.
    expect(paymentPerUnitCents(5381)).toBe(4305);
    expect(expectedPaymentCents(5381, 9)).toBe(38745);
    expect(expectedPaymentCents(5381, 9)).toBe(9 * expectedPaymentCents(5381, 1));
    // $41.63 × 80 % = $33.304 → $33.30; a rate of zero pays nothing.
    expect(paymentPerUnitCents(4163)).toBe(3330);
    expect(expectedPaymentCents(0, 5)).toBe(0);
  });
});
