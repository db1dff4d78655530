import { describe, expect, it } from 'vitest';
import { orderIdPrefixRange } from './idPrefix.js';

describe('order id prefixes as a range of the primary key', () => {
  it('turns a short id, in any case and with a leading #, into the range of ids that start with it', () => {
    const range = { from: '1a2b3c4d-0000-0000-0000-000000000000', to: '1a2b3c4e-0000-0000-0000-000000000000' };
    expect(orderIdPrefixRange('1a2b3c4d')).toEqual(range);
    expect(orderIdPrefixRange('1A2B3C4D')).toEqual(range);
    expect(orderIdPrefixRange(' #1a2b3c4d ')).toEqual(range);
  });

  it('carries into the digits before, past group boundaries, and has no end after all f', () => {
    expect(orderIdPrefixRange('abf')).toEqual({
      from: 'abf00000-0000-0000-0000-000000000000',
      to: 'ac000000-0000-0000-0000-000000000000',
    });
    expect(orderIdPrefixRange('0123abcd-ef')).toEqual({
      from: '0123abcd-ef00-0000-0000-000000000000',
      to: '0123abcd-f000-0000-0000-000000000000',
    });
    expect(orderIdPrefixRange('fff')).toEqual({ from: 'fff00000-0000-0000-0000-000000000000', to: null });
  });

  it('takes a whole id as the range of that id alone', () => {
    expect(orderIdPrefixRange('3b241101-e2bb-4255-8caf-4136c566a962')).toEqual({
      from: '3b241101-e2bb-4255-8caf-4136c566a962',
      to: '3b241101-e2bb-4255-8caf-4136c566a963',
    });
  });

  it('answers nothing for text that cannot start an id', () => {
    for (const text of ['', '#', 'kofi', '1a2b3c4d5', '1a2b-3c4d', 'abc%', '3b241101-e2bb-4255-8caf-4136c566a9620']) {
      expect(orderIdPrefixRange(text), text).toBeUndefined();
    }
  });
});
