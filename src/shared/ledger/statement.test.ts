import { describe, expect, it } from 'vitest';
import { earningsPeriods } from '../drivers/earnings.js';
import { monthStart, statementPeriod, statementQuerySchema } from './statement.js';

describe("a statement's period", () => {
  const now = new Date('2026-11-27T08:30:00Z');

  it('is the current UTC month unless dates are given; one date alone makes a month from or up to it', () => {
    expect(statementPeriod({}, now)).toEqual({ from: '2026-11-01', to: '2026-12-01' });
    expect(statementPeriod({}, new Date('2026-12-31T23:59:59Z'))).toEqual({ from: '2026-12-01', to: '2027-01-01' });
    expect(statementPeriod({ from: '2026-03-10', to: '2026-03-12' }, now)).toEqual({ from: '2026-03-10', to: '2026-03-12' });
    expect(statementPeriod({ from: '2025-01-31' }, now)).toEqual({ from: '2025-01-31', to: '2025-02-28' });
    expect(statementPeriod({ from: '2024-01-31' }, now)).toEqual({ from: '2024-01-31', to: '2024-02-29' });
    expect(statementPeriod({ to: '2026-03-31' }, now)).toEqual({ from: '2026-02-28', to: '2026-03-31' });
    expect(monthStart('2026-01-15', -1)).toBe('2025-12-01');
  });

  it('is refused when it ends before it starts, runs past 366 days, or names a date that does not exist', () => {
    const parse = (query: Record<string, string>) => statementQuerySchema.safeParse(query);
    expect(parse({ from: '2024-01-01', to: '2025-01-01' }).success).toBe(true);
    expect(parse({ from: '2024-01-01', to: '2025-01-02' }).success).toBe(false);
    expect(parse({ from: '2026-02-01', to: '2026-02-01' }).success).toBe(false);
    expect(parse({ from: '2026-02-29' }).success).toBe(false);
    expect(parse({ to: 'aa' }).success).toBe(false);
    expect(parse({ from: '2026-02-30', to: '2026-01-01' }).success).toBe(false);
    expect(parse({ from: '1969-12-31' }).success).toBe(false);
    expect(parse({ cursor: '1795767524073000_12' }).data?.cursor).toEqual({ micros: '1795767524073000', id: '12' });
    expect(parse({ cursor: '1795767524073000_not-an-id' }).success).toBe(false);
    expect(parse({}).data).toMatchObject({ limit: 50, format: 'json' });
  });
});

describe("a rider's earning periods", () => {
  it('start at UTC midnight and on the Monday of the week', () => {
    expect(earningsPeriods(new Date('2026-11-27T08:30:00Z'))).toEqual({
      dayStart: new Date('2026-11-27T00:00:00Z'),
      weekStart: new Date('2026-11-23T00:00:00Z'),
    });
    // A Monday is the first day of its own week; a Sunday the last.
    expect(earningsPeriods(new Date('2026-11-23T00:00:00Z')).weekStart).toEqual(new Date('2026-11-23T00:00:00Z'));
    expect(earningsPeriods(new Date('2026-11-29T23:59:59Z')).weekStart).toEqual(new Date('2026-11-23T00:00:00Z'));
  });
});
