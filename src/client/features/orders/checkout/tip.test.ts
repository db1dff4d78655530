import { describe, expect, it } from 'vitest';
import { CHECKOUT_MESSAGES } from '@shared/orders/schemas.js';
import { currentTipChoice, parseOtherTip, suggestedTips, tipAmountOf, TIP_MESSAGES } from './tip.js';

describe('suggestedTips', () => {
  it('offers 5, 10 and 15 % of the food, each rounded up to a whole major unit', () => {
    expect(suggestedTips(10_550)).toEqual([
      { choice: '5%', percent: 5, amount: 600 },
      { choice: '10%', percent: 10, amount: 1100 },
      { choice: '15%', percent: 15, amount: 1600 },
    ]);
    expect(suggestedTips(10_000).map((tip) => tip.amount)).toEqual([500, 1000, 1500]);
  });

  it('leaves out a suggestion equal to a smaller one or above the food itself', () => {
    expect(suggestedTips(1000).map((tip) => tip.choice)).toEqual(['5%', '15%']);
    expect(suggestedTips(150)).toEqual([{ choice: '5%', percent: 5, amount: 100 }]);
    expect(suggestedTips(50)).toEqual([]);
    expect(suggestedTips(0)).toEqual([]);
  });
});

describe('parseOtherTip', () => {
  it('reads an amount with at most 2 decimals into minor units', () => {
    expect(parseOtherTip('5', 10_000)).toEqual({ ok: true, amount: 500 });
    expect(parseOtherTip(' 7.5 ', 10_000)).toEqual({ ok: true, amount: 750 });
    expect(parseOtherTip('0', 10_000)).toEqual({ ok: true, amount: 0 });
  });

  it('refuses what is not an amount, an empty one, and one above the food', () => {
    for (const text of ['abc', '5.555', '-2', '1,000', '.']) {
      expect(parseOtherTip(text, 10_000)).toEqual({ ok: false, error: TIP_MESSAGES.notAnAmount });
    }
    expect(parseOtherTip('  ', 10_000)).toEqual({ ok: false, error: TIP_MESSAGES.empty });
    expect(parseOtherTip('100.01', 10_000)).toEqual({ ok: false, error: CHECKOUT_MESSAGES.tipOverSubtotal });
  });
});

describe('tipAmountOf and currentTipChoice', () => {
  it('is nothing for None, the suggestion for a share, and the typed amount for Other', () => {
    expect(tipAmountOf('none', '9', 10_550)).toEqual({ ok: true, amount: 0 });
    expect(tipAmountOf('10%', '', 10_550)).toEqual({ ok: true, amount: 1100 });
    expect(tipAmountOf('other', '9', 10_550)).toEqual({ ok: true, amount: 900 });
  });

  it('turns a suggestion the smaller cart no longer offers into None', () => {
    expect(currentTipChoice('10%', 1000)).toBe('none');
    expect(currentTipChoice('15%', 1000)).toBe('15%');
    expect(currentTipChoice('other', 50)).toBe('other');
  });
});
