import { describe, expect, it } from 'vitest';
import {
  ALWAYS_OPEN,
  defaultTimeZone,
  HOURS_MESSAGES,
  nextDayOpening,
  openingHoursSchema,
  openingLabel,
  openingState,
  type OpeningHours,
  type RestaurantClock,
} from './hours.js';

const everyDay = (...ranges: [string, string][]): OpeningHours => ({
  weekly: Array.from({ length: 7 }, () => ranges.map(([opens, closes]) => ({ opens, closes }))),
  closedDates: [],
});

const accra = (openingHours: OpeningHours, pause: RestaurantClock['pause'] = null): RestaurantClock => ({
  timeZone: 'Africa/Accra',
  openingHours,
  pause,
});

// 2026-11-27 is a Friday. Accra is on UTC all year, Lagos an hour ahead, Nairobi three.
const at = (iso: string) => new Date(iso);

describe('openingState', () => {
  it('is open inside a range and closed a second after it closes, saying when it opens next', () => {
    const restaurant = accra(everyDay(['10:00', '22:00']));
    expect(openingState(restaurant, at('2026-11-27T21:59:59Z'))).toEqual({ taking: true });
    expect(openingState(restaurant, at('2026-11-27T22:00:01Z'))).toEqual({
      taking: false,
      why: 'closed',
      opens: 'Saturday 10:00',
    });
    expect(openingState(restaurant, at('2026-11-27T09:30:00Z'))).toEqual({ taking: false, why: 'closed', opens: '10:00' });
  });

  it('keeps a range that passes midnight open into the next morning', () => {
    const restaurant = accra(everyDay(['18:00', '02:00']));
    expect(openingState(restaurant, at('2026-11-27T23:30:00Z')).taking).toBe(true);
    expect(openingState(restaurant, at('2026-11-28T01:59:00Z')).taking).toBe(true);
    expect(openingState(restaurant, at('2026-11-28T02:00:00Z'))).toEqual({ taking: false, why: 'closed', opens: '18:00' });
  });

  it('reads the hours in the restaurant’s own time zone, and a change of zone moves them', () => {
    const hours = everyDay(['10:00', '22:00']);
    const nineUtc = at('2026-11-27T09:30:00Z');
    expect(openingState({ ...accra(hours), timeZone: 'Africa/Accra' }, nineUtc).taking).toBe(false);
    expect(openingState({ ...accra(hours), timeZone: 'Africa/Lagos' }, nineUtc).taking).toBe(true);
    expect(openingState({ ...accra(hours), timeZone: 'Africa/Nairobi' }, at('2026-11-27T19:30:00Z')).taking).toBe(false);
  });

  it('follows summer time where the zone has it', () => {
    const hours = everyDay(['10:00', '22:00']);
    // London is UTC+1 in July: 09:30 UTC is 10:30 there.
    expect(openingState({ ...accra(hours), timeZone: 'Europe/London' }, at('2026-07-01T09:30:00Z')).taking).toBe(true);
    expect(openingState({ ...accra(hours), timeZone: 'Europe/London' }, at('2026-12-01T09:30:00Z')).taking).toBe(false);
  });

  it('names the weekday when the next opening is not today, and skips closed days and dates', () => {
    const hours: OpeningHours = {
      weekly: [[{ opens: '10:00', closes: '22:00' }], [], [], [], [], [], []],
      closedDates: ['2026-11-30'],
    };
    // Friday: the next Monday is a closed date, so the one after, more than a week away.
    expect(openingState(accra(hours), at('2026-11-27T12:00:00Z'))).toEqual({
      taking: false,
      why: 'closed',
      opens: '7 Dec 10:00',
    });
    expect(openingState(accra({ ...hours, closedDates: [] }), at('2026-11-27T12:00:00Z'))).toEqual({
      taking: false,
      why: 'closed',
      opens: 'Monday 10:00',
    });
  });

  it('is closed all of a closed date, including the hours last night ran past midnight', () => {
    const restaurant = accra({ ...everyDay(['18:00', '02:00']), closedDates: ['2026-11-27'] });
    expect(openingState(restaurant, at('2026-11-27T19:00:00Z')).taking).toBe(false);
    expect(openingState(restaurant, at('2026-11-28T01:00:00Z')).taking).toBe(false);
    expect(openingState(restaurant, at('2026-11-28T19:00:00Z')).taking).toBe(true);
  });

  it('says Closed with no time when it never opens in the next two weeks', () => {
    const restaurant = accra({ weekly: [[], [], [], [], [], [], []], closedDates: [] });
    expect(openingLabel(openingState(restaurant, at('2026-11-27T12:00:00Z')))).toBe('Closed');
  });

  it('takes no orders during a pause, and again once the pause has ended by itself', () => {
    const pause = { until: '2026-11-27T13:30:00Z' };
    const restaurant = accra(ALWAYS_OPEN, pause);
    const during = openingState(restaurant, at('2026-11-27T13:00:00Z'));
    expect(during).toEqual({ taking: false, why: 'paused', until: '13:30' });
    expect(openingLabel(during)).toBe('Not taking orders until 13:30');
    expect(openingState(restaurant, at('2026-11-27T13:30:01Z'))).toEqual({ taking: true });
    expect(openingLabel(openingState(accra(ALWAYS_OPEN, { until: null }), at('2030-01-01T00:00:00Z')))).toBe('Not taking orders');
  });

  it('labels a closed restaurant the way the cards show it', () => {
    expect(openingLabel({ taking: false, why: 'closed', opens: '10:00' })).toBe('Closed · opens 10:00');
    expect(openingLabel({ taking: true })).toBeNull();
  });
});

describe('nextDayOpening: when something sold out for today comes back', () => {
  it("is the next day's first opening, whether marked before, during or after today's hours", () => {
    const restaurant = accra(everyDay(['10:00', '15:00'], ['18:00', '22:00']));
    for (const now of ['2026-11-27T08:00:00Z', '2026-11-27T12:00:00Z', '2026-11-27T19:00:00Z', '2026-11-27T23:30:00Z']) {
      expect(nextDayOpening(restaurant, at(now)).toISOString(), now).toBe('2026-11-28T10:00:00.000Z');
    }
  });

  it("keeps to last night's service past midnight: marked at 01:00 in an 18:00-02:00 range, back at 18:00 that day", () => {
    const restaurant = accra(everyDay(['18:00', '02:00']));
    expect(nextDayOpening(restaurant, at('2026-11-28T01:00:00Z')).toISOString()).toBe('2026-11-28T18:00:00.000Z');
  });

  it('skips closed dates and days without hours, and reads the opening in the restaurant zone', () => {
    const hours = { ...everyDay(['10:00', '22:00']), closedDates: ['2026-11-28'] };
    expect(nextDayOpening({ timeZone: 'Africa/Lagos', openingHours: hours }, at('2026-11-27T12:00:00Z')).toISOString()).toBe(
      '2026-11-29T09:00:00.000Z',
    );
    const mondaysOnly = { weekly: [[{ opens: '09:30', closes: '17:00' }], [], [], [], [], [], []], closedDates: [] };
    expect(nextDayOpening(accra(mondaysOnly), at('2026-11-27T12:00:00Z')).toISOString()).toBe('2026-11-30T09:30:00.000Z');
  });

  it('is the next midnight for a restaurant open all day, and a day later for one that never opens', () => {
    expect(nextDayOpening(accra(ALWAYS_OPEN), at('2026-11-27T13:45:00Z')).toISOString()).toBe('2026-11-28T00:00:00.000Z');
    expect(
      nextDayOpening({ timeZone: 'Africa/Nairobi', openingHours: ALWAYS_OPEN }, at('2026-11-27T13:45:00Z')).toISOString(),
    ).toBe('2026-11-27T21:00:00.000Z');
    const never = { weekly: [[], [], [], [], [], [], []], closedDates: [] };
    expect(nextDayOpening(accra(never), at('2026-11-27T13:45:00Z')).toISOString()).toBe('2026-11-28T13:45:00.000Z');
  });
});

describe('openingHoursSchema', () => {
  const parse = (hours: unknown) => openingHoursSchema.safeParse(hours);

  it('accepts 24:00 as a closing time and a range across midnight', () => {
    expect(parse(everyDay(['10:00', '24:00'])).success).toBe(true);
    expect(parse(everyDay(['22:00', '03:00'])).success).toBe(true);
  });

  it('refuses times that are not HH:MM, ranges that open and close at once, and overlapping ranges', () => {
    expect(parse(everyDay(['9:00', '22:00'])).error?.issues[0]?.message).toBe(HOURS_MESSAGES.time);
    expect(parse(everyDay(['24:00', '02:00'])).error?.issues[0]?.message).toBe(HOURS_MESSAGES.time);
    expect(parse(everyDay(['10:00', '10:00'])).error?.issues[0]?.message).toBe(HOURS_MESSAGES.sameTime);
    expect(parse(everyDay(['00:00', '00:00'])).error?.issues[0]?.message).toBe(HOURS_MESSAGES.sameTime);
    expect(parse(everyDay(['10:00', '14:00'], ['13:00', '22:00'])).error?.issues[0]?.message).toBe(
      HOURS_MESSAGES.overlap('Monday'),
    );
  });

  it('says a day with an unreadable time has that time wrong, not that it overlaps', () => {
    const week = everyDay(['10:00', '14:00'], ['', '22:00']);
    expect(parse(week).error?.issues.map((issue) => issue.message)).toEqual(Array(7).fill(HOURS_MESSAGES.time));
  });

  it('refuses a week that is not seven days and dates that are not dates', () => {
    expect(parse({ weekly: [[]], closedDates: [] }).success).toBe(false);
    expect(parse({ ...ALWAYS_OPEN, closedDates: ['2026-02-30'] }).success).toBe(false);
    expect(parse({ ...ALWAYS_OPEN, closedDates: ['2026-12-25'] }).success).toBe(true);
  });
});

describe('defaultTimeZone', () => {
  it('is the country’s usual zone', () => {
    expect(defaultTimeZone('Ghana')).toBe('Africa/Accra');
    expect(defaultTimeZone('Kenya')).toBe('Africa/Nairobi');
    expect(defaultTimeZone('Atlantis')).toBe('UTC');
  });
});
