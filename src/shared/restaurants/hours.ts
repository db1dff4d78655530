import { z } from 'zod';
import type { Country } from './currency.js';

/**
 * A restaurant's opening hours, read in its own time zone: ranges per weekday (Monday first), a
 * range whose closing time is not after its opening time passes midnight, and whole dates it is
 * closed. The browser shows them and the server refuses orders outside them with the same
 * functions (openingState).
 */

export const HOURS_MESSAGES = {
  time: 'Enter a time as HH:MM, such as 10:00',
  sameTime: 'A range must close at another time than it opens',
  overlap: (day: string) => `The opening times on ${day} overlap`,
  tooManyRanges: (max: number) => `At most ${max} opening ranges a day`,
  date: 'Enter a date as YYYY-MM-DD',
  tooManyDates: (max: number) => `At most ${max} closed dates`,
  pastDate: 'Choose today or a later date: a day gone by needs no closing',
  timeZone: 'Choose a time zone from the list',
  closedNow: (opens: string | null) =>
    opens ? `This restaurant is closed now: it opens ${opens}` : 'This restaurant is closed now',
  pausedNow: (until: string | null) =>
    until ? `This restaurant is not taking orders until ${until}` : 'This restaurant is not taking orders right now',
} as const;

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export const MAX_RANGES_PER_DAY = 3;
export const MAX_CLOSED_DATES = 60;
const MINUTES_PER_DAY = 24 * 60;

/** The time zones of the countries restaurants are in, the country's usual one first. */
export const COUNTRY_TIME_ZONES = {
  Nigeria: ['Africa/Lagos'],
  Kenya: ['Africa/Nairobi'],
  Ghana: ['Africa/Accra'],
  'South Africa': ['Africa/Johannesburg'],
  USA: [
    'America/New_York',
    'America/Chicago',
    'America/Denver',
    'America/Phoenix',
    'America/Los_Angeles',
    'America/Anchorage',
    'Pacific/Honolulu',
  ],
  UK: ['Europe/London'],
  Canada: [
    'America/Toronto',
    'America/Winnipeg',
    'America/Regina',
    'America/Edmonton',
    'America/Vancouver',
    'America/Halifax',
    'America/St_Johns',
  ],
} as const satisfies Record<Country, readonly string[]>;

export const TIME_ZONES = Object.values(COUNTRY_TIME_ZONES).flat();

/** The zone a restaurant in this country starts with; unknown countries keep UTC. */
export const defaultTimeZone = (country: string): string =>
  Object.hasOwn(COUNTRY_TIME_ZONES, country) ? COUNTRY_TIME_ZONES[country as Country][0] : 'UTC';

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

const openingTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, HOURS_MESSAGES.time);
/** A closing time may be 24:00, the end of the day. */
const closingTime = z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, HOURS_MESSAGES.time);

export const openingRangeSchema = z
  .object({ opens: openingTime, closes: closingTime })
  .refine((range) => minutesOf(range.opens) !== minutesOf(range.closes), {
    message: HOURS_MESSAGES.sameTime,
    path: ['closes'],
  });
export type OpeningRange = z.infer<typeof openingRangeSchema>;

/** Where a range ends on the day it opens: its closing time, or midnight when it passes it. */
const endOnOpeningDay = ({ opens, closes }: OpeningRange) =>
  minutesOf(closes) > minutesOf(opens) ? minutesOf(closes) : MINUTES_PER_DAY;

function rangesApart(ranges: OpeningRange[]): boolean {
  const sorted = [...ranges].sort((a, b) => minutesOf(a.opens) - minutesOf(b.opens));
  return sorted.every((range, index) => index === 0 || minutesOf(range.opens) >= endOnOpeningDay(sorted[index - 1]!));
}

const dayRangesSchema = z.array(openingRangeSchema).max(MAX_RANGES_PER_DAY, HOURS_MESSAGES.tooManyRanges(MAX_RANGES_PER_DAY));

const isoDate = z.iso.date(HOURS_MESSAGES.date);

export const openingHoursSchema = z
  .object({
    /** Seven days, Monday first; an empty day is closed. */
    weekly: z.array(dayRangesSchema).length(7),
    /** Local dates (YYYY-MM-DD) the restaurant is closed all day. */
    closedDates: z.array(isoDate).max(MAX_CLOSED_DATES, HOURS_MESSAGES.tooManyDates(MAX_CLOSED_DATES)).default([]),
  })
  .superRefine(({ weekly }, ctx) => {
    weekly.forEach((ranges, day) => {
      // A day with a time that is not one has that said of it, not an overlap as well.
      const readable = ranges.every((range) => openingRangeSchema.safeParse(range).success);
      if (readable && !rangesApart(ranges))
        ctx.addIssue({ code: 'custom', path: ['weekly', day], message: HOURS_MESSAGES.overlap(WEEKDAYS[day]!) });
    });
  });
export type OpeningHours = z.output<typeof openingHoursSchema>;

export const timeZoneSchema = z.enum(TIME_ZONES, { message: HOURS_MESSAGES.timeZone });

/** Every day, all day: what a restaurant has until its owner sets hours. */
export const ALWAYS_OPEN: OpeningHours = {
  weekly: WEEKDAYS.map(() => [{ opens: '00:00', closes: '24:00' }]),
  closedDates: [],
};

/** What the setup form proposes: every day from 10:00 to 22:00. */
export const PROPOSED_HOURS: OpeningHours = {
  weekly: WEEKDAYS.map(() => [{ opens: '10:00', closes: '22:00' }]),
  closedDates: [],
};

/** A pause of new orders: until a time (ISO), or until the owner resumes (null). */
export const orderPauseSchema = z.object({ until: z.iso.datetime({ offset: true }).nullable() });
export type OrderPause = z.infer<typeof orderPauseSchema>;

/** What openingState needs of a restaurant. */
export interface RestaurantClock {
  timeZone: string;
  openingHours: OpeningHours;
  /** The pause of new orders, whether or not it has ended yet; null when none was set. */
  pause: OrderPause | null;
}

export type OpeningState =
  | { taking: true }
  | { taking: false; why: 'paused'; until: string | null }
  | { taking: false; why: 'closed'; opens: string | null };

interface LocalClock {
  /** YYYY-MM-DD */
  date: string;
  /** 0 for Monday. */
  weekday: number;
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Each zone's wall clock as last read, by the minute: formatting a date takes a checkout's worth of microseconds. */
const lastRead = new Map<string, { minute: number; clock: LocalClock }>();

/** The wall clock in `timeZone` at `at`. */
function localClock(timeZone: string, at: Date): LocalClock {
  const minute = Math.floor(at.getTime() / 60_000);
  const last = lastRead.get(timeZone);
  if (last?.minute === minute) return last.clock;
  const clock = readLocalClock(timeZone, at);
  lastRead.set(timeZone, { minute, clock });
  return clock;
}

/** Today's date (YYYY-MM-DD) on the wall clock of `timeZone`. */
export const todayIn = (timeZone: string, now: Date = new Date()): string => localClock(timeZone, now).date;

function readLocalClock(timeZone: string, at: Date): LocalClock {
  const parts: Record<string, string> = {};
  for (const { type, value } of formatterFor(timeZone).formatToParts(at)) parts[type] = value;
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  return { date, weekday: weekdayOf(date), minute: Number(parts.hour) * 60 + Number(parts.minute) };
}

const dayOf = (date: string) => Date.parse(`${date}T00:00:00Z`);
const weekdayOf = (date: string) => (new Date(dayOf(date)).getUTCDay() + 6) % 7;
const addDays = (date: string, days: number) => new Date(dayOf(date) + days * 86_400_000).toISOString().slice(0, 10);

function isOpenAt(hours: OpeningHours, clock: LocalClock): boolean {
  if (hours.closedDates.includes(clock.date)) return false;
  const today = hours.weekly[clock.weekday] ?? [];
  if (today.some((range) => minutesOf(range.opens) <= clock.minute && clock.minute < endOnOpeningDay(range))) return true;
  // Last night's range runs on past midnight, unless last night was a closed date too.
  if (hours.closedDates.includes(addDays(clock.date, -1))) return false;
  const yesterday = hours.weekly[(clock.weekday + 6) % 7] ?? [];
  return yesterday.some(
    (range) => endOnOpeningDay(range) === MINUTES_PER_DAY && clock.minute < minutesOf(range.closes) % MINUTES_PER_DAY,
  );
}

const DAYS_LOOKED_AHEAD = 14;
const SHORT_DATE = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short' });

/** When the restaurant next opens, in words: '10:00' today, 'Monday 10:00' within the week, '2 Jan 10:00' later; null for none in two weeks. */
function nextOpening(hours: OpeningHours, clock: LocalClock): string | null {
  for (let offset = 0; offset <= DAYS_LOOKED_AHEAD; offset += 1) {
    const date = addDays(clock.date, offset);
    if (hours.closedDates.includes(date)) continue;
    const weekday = weekdayOf(date);
    const opens = (hours.weekly[weekday] ?? [])
      .map((range) => range.opens)
      .filter((time) => offset > 0 || minutesOf(time) > clock.minute)
      .sort()[0];
    if (!opens) continue;
    if (offset === 0) return opens;
    if (offset < 7) return `${WEEKDAYS[weekday]} ${opens}`;
    return `${SHORT_DATE.format(new Date(dayOf(date)))} ${opens}`;
  }
  return null;
}

/** The instant at which the wall clock in `timeZone` reads `date` at `minute` past midnight. */
function instantAt(timeZone: string, date: string, minute: number): Date {
  const wall = dayOf(date) + minute * 60_000;
  let guess = wall;
  // Two corrections settle the zone's offset, even across a change of it.
  for (let step = 0; step < 2; step += 1) {
    const seen = readLocalClock(timeZone, new Date(guess));
    guess += wall - (dayOf(seen.date) + seen.minute * 60_000);
  }
  return new Date(guess);
}

/** The day whose service is running: yesterday's while last night's range runs on past midnight, today's otherwise. */
function serviceDate(hours: OpeningHours, clock: LocalClock): string {
  const today = hours.weekly[clock.weekday] ?? [];
  const inTodays = today.some((range) => minutesOf(range.opens) <= clock.minute && clock.minute < endOnOpeningDay(range));
  return !inTodays && isOpenAt(hours, clock) ? addDays(clock.date, -1) : clock.date;
}

/**
 * When something sold out 'for today' comes back: the restaurant's first opening on a later day
 * than the service now running (so a dish sold out at 01:00 in a range that began at 18:00
 * returns at the next evening's opening), or a day later when it opens on none of the next two weeks.
 */
export function nextDayOpening(restaurant: Pick<RestaurantClock, 'timeZone' | 'openingHours'>, now: Date = new Date()): Date {
  const { timeZone, openingHours } = restaurant;
  const from = serviceDate(openingHours, localClock(timeZone, now));
  for (let offset = 1; offset <= DAYS_LOOKED_AHEAD; offset += 1) {
    const date = addDays(from, offset);
    if (openingHours.closedDates.includes(date)) continue;
    const opens = (openingHours.weekly[weekdayOf(date)] ?? []).map((range) => minutesOf(range.opens)).sort((a, b) => a - b)[0];
    if (opens !== undefined) return instantAt(timeZone, date, opens);
  }
  return new Date(now.getTime() + 86_400_000);
}

/** A time as the restaurant's clock shows it, HH:MM; the day too when it is not today there. */
function localTimeLabel(timeZone: string, at: Date, now: Date): string {
  const then = localClock(timeZone, at);
  const time = `${String(Math.floor(then.minute / 60)).padStart(2, '0')}:${String(then.minute % 60).padStart(2, '0')}`;
  return then.date === localClock(timeZone, now).date ? time : `${WEEKDAYS[then.weekday]} ${time}`;
}

/** Whether the pause is still on at `now`: until resumed, or until a time not yet reached. */
const isPaused = (pause: OrderPause | null, now: Date): boolean =>
  pause !== null && (pause.until === null || Date.parse(pause.until) > now.getTime());

/** Whether the restaurant takes orders at `now`, and if not why and until when, in its own time. */
export function openingState(restaurant: RestaurantClock, now: Date = new Date()): OpeningState {
  const { timeZone, openingHours, pause } = restaurant;
  if (pause && isPaused(pause, now)) {
    return { taking: false, why: 'paused', until: pause.until && localTimeLabel(timeZone, new Date(pause.until), now) };
  }
  const clock = localClock(timeZone, now);
  if (isOpenAt(openingHours, clock)) return { taking: true };
  return { taking: false, why: 'closed', opens: nextOpening(openingHours, clock) };
}

/** What a card or menu shows of a restaurant not taking orders: 'Closed · opens 10:00', 'Not taking orders until 13:30'. */
export function openingLabel(state: OpeningState): string | null {
  if (state.taking) return null;
  if (state.why === 'paused') return state.until ? `Not taking orders until ${state.until}` : 'Not taking orders';
  return state.opens ? `Closed · opens ${state.opens}` : 'Closed';
}

/** The refusal a checkout answers outside opening hours or during a pause. */
export function notTakingOrdersMessage(state: Exclude<OpeningState, { taking: true }>): string {
  return state.why === 'paused' ? HOURS_MESSAGES.pausedNow(state.until) : HOURS_MESSAGES.closedNow(state.opens);
}

/** How long the board can pause new orders for, in minutes; null pauses until the owner resumes. */
export const PAUSE_MINUTES = [15, 30, 60] as const;

export const PAUSE_MESSAGES = {
  minutes: 'Pause for 15, 30 or 60 minutes, or until you resume (null)',
  paused: (until: string | null) => (until ? `New orders paused until ${until}` : 'New orders paused until you resume'),
  resumed: 'Taking orders again',
  failed: 'Could not change the pause. Please try again.',
} as const;

/** POST /api/restaurants/:id/pause */
export const pauseBodySchema = z.object({
  minutes: z
    .union(
      PAUSE_MINUTES.map((minutes) => z.literal(minutes)),
      { message: PAUSE_MESSAGES.minutes },
    )
    .nullable(),
});
export type PauseBody = z.infer<typeof pauseBodySchema>;

/** What pausing or resuming answers: the pause now on, or null. */
export const pauseViewSchema = z.object({ pause: orderPauseSchema.nullable() });
export type PauseView = z.infer<typeof pauseViewSchema>;
