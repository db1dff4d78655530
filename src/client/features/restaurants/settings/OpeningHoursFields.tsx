import { Copy, Plus, Trash2 } from 'lucide-react';
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import type { FieldErrors } from 'react-hook-form';
import type { RestaurantFormInput } from '@shared/restaurants/form.js';
import {
  HOURS_MESSAGES,
  MAX_CLOSED_DATES,
  MAX_RANGES_PER_DAY,
  openingHoursSchema,
  openingRangeSchema,
  PROPOSED_HOURS,
  todayIn,
  WEEKDAYS,
  type OpeningRange,
} from '@shared/restaurants/hours.js';
import { Button } from '@/components/ui/button.js';
import { FieldError } from '@/components/ui/form-field.js';
import { Input } from '@/components/ui/input.js';
import { Label } from '@/components/ui/label.js';

type Hours = RestaurantFormInput['openingHours'];
type HoursErrors = FieldErrors<RestaurantFormInput>['openingHours'];
type Edge = keyof OpeningRange;

/** <input type="time"> cannot show 24:00: a range closing at midnight shows, and is typed, as 00:00. */
const shownClosing = (closes: string) => (closes === '24:00' ? '00:00' : closes);
const typedClosing = (time: string) => (time === '00:00' ? '24:00' : time);

const PROPOSED_RANGE = PROPOSED_HOURS.weekly[0]![0]!;

const isComplete = (range: OpeningRange) => openingRangeSchema.safeParse(range).success;

function rangeHint(range: OpeningRange): string | null {
  if (!isComplete(range)) return null;
  if (range.closes === '24:00') return range.opens === '00:00' ? 'open all day' : 'until midnight';
  return range.closes < range.opens ? `until ${range.closes} next day` : null;
}

const rangeName = (range: OpeningRange, index: number) =>
  isComplete(range) ? `${range.opens}–${shownClosing(range.closes)}` : `hours ${index + 1}`;

const DATE_LABEL = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const dateLabel = (date: string) => DATE_LABEL.format(Date.parse(`${date}T00:00:00Z`));

interface DayHoursProps {
  id: string;
  day: number;
  /** The note on closing times, said under every closing time. */
  closingNoteId: string;
  ranges: OpeningRange[];
  /** Set when the form found something wrong with this day. */
  error: { message?: string } | undefined;
  onChange: (ranges: OpeningRange[]) => void;
}

function DayHours({ id, day, closingNoteId, ranges, error, onChange }: DayHoursProps) {
  const name = WEEKDAYS[day];
  const errorId = `${id}-error`;
  const addId = `${id}-add`;
  const timeId = (index: number, edge: Edge) => `${id}-${index}-${edge}`;
  // Adding or removing hours moves focus to the new opening time or to the add button, not to the page's top.
  const focusAfterRender = useRef<string | null>(null);
  useEffect(() => {
    if (focusAfterRender.current) document.getElementById(focusAfterRender.current)?.focus();
    focusAfterRender.current = null;
  });

  // A range's own fault (an unreadable or equal time) is reported on the range, an overlap on the
  // day: the first range fault is shown under the day, else the day's message.
  const rangeIssues = ranges.map((range) => openingRangeSchema.safeParse(range).error?.issues ?? []);
  const firstRangeIssue = rangeIssues.flat()[0];
  const message = error && (firstRangeIssue?.message ?? error.message);
  const invalid = (index: number, edge: Edge) =>
    Boolean(message) && (!firstRangeIssue || rangeIssues[index]!.some((issue) => issue.path[0] === edge));

  const change = (index: number, edge: Edge, time: string) =>
    onChange(
      ranges.map((range, at) => (at === index ? { ...range, [edge]: edge === 'closes' ? typedClosing(time) : time } : range)),
    );

  function add() {
    focusAfterRender.current = timeId(ranges.length, 'opens');
    // A closed day opens with the usual hours; further hours start empty for the owner to fill.
    onChange([...ranges, ranges.length === 0 ? PROPOSED_RANGE : { opens: '', closes: '' }]);
  }

  function remove(index: number) {
    focusAfterRender.current = addId;
    onChange(ranges.filter((_, at) => at !== index));
  }

  return (
    <fieldset className="grid min-w-0 gap-2">
      <legend className="mb-2 text-sm font-medium">{name}</legend>
      {ranges.length === 0 ? (
        <p className="text-sm text-muted-foreground">Closed</p>
      ) : (
        <ul className="grid gap-3">
          {ranges.map((range, index) => {
            const hint = rangeHint(range);
            const hintId = `${id}-${index}-hint`;
            const which = ranges.length > 1 ? `, hours ${index + 1}` : '';
            return (
              <li key={index} className="grid grid-cols-[minmax(0,9rem)_minmax(0,9rem)_auto] items-end gap-2">
                {(['opens', 'closes'] as const).map((edge) => (
                  <div key={edge} className="grid gap-1">
                    <Label htmlFor={timeId(index, edge)} className="text-xs">
                      {edge === 'opens' ? 'Opens' : 'Closes'} <span className="sr-only">{`on ${name}${which}`}</span>
                    </Label>
                    <Input
                      id={timeId(index, edge)}
                      type="time"
                      value={edge === 'closes' ? shownClosing(range.closes) : range.opens}
                      onChange={(event) => change(index, edge, event.target.value)}
                      aria-invalid={invalid(index, edge) || undefined}
                      aria-describedby={
                        edge === 'closes' ? [closingNoteId, hint && hintId, errorId].filter(Boolean).join(' ') : errorId
                      }
                    />
                  </div>
                ))}
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove ${rangeName(range, index)} on ${name}`}
                  onClick={() => remove(index)}
                >
                  <Trash2 aria-hidden />
                </Button>
                {hint && (
                  <p id={hintId} className="col-span-full text-xs text-muted-foreground">
                    {hint}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {ranges.length < MAX_RANGES_PER_DAY && (
        <Button id={addId} variant="outline" size="sm" className="w-fit" onClick={add}>
          <Plus aria-hidden />
          Add hours <span className="sr-only">on {name}</span>
        </Button>
      )}
      <FieldError id={errorId} message={message} />
    </fieldset>
  );
}

interface ClosedDatesProps {
  id: string;
  /** YYYY-MM-DD: no earlier date is taken. */
  today: string;
  dates: string[];
  error: string | undefined;
  onChange: (dates: string[]) => void;
}

function ClosedDates({ id, today, dates, error, onChange }: ClosedDatesProps) {
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const dateId = `${id}-date`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  function add() {
    if (!draft) {
      setProblem('Choose a date to add');
      return;
    }
    if (draft < today) {
      setProblem(HOURS_MESSAGES.pastDate);
      return;
    }
    if (dates.length >= MAX_CLOSED_DATES && !dates.includes(draft)) {
      setProblem(HOURS_MESSAGES.tooManyDates(MAX_CLOSED_DATES));
      return;
    }
    onChange([...new Set([...dates, draft])].sort());
    setDraft('');
    setProblem(null);
  }

  function remove(date: string) {
    onChange(dates.filter((other) => other !== date));
    document.getElementById(dateId)?.focus();
  }

  const message = problem ?? error;
  return (
    <fieldset className="grid min-w-0 gap-3">
      <legend className="mb-1 text-sm font-medium">Closed dates</legend>
      <p id={hintId} className="text-xs text-muted-foreground">
        Whole days you are closed, such as holidays.
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <div className="grid gap-1">
          <Label htmlFor={dateId} className="text-xs">
            Closed date
          </Label>
          <Input
            id={dateId}
            type="date"
            min={today}
            value={draft}
            className="w-44"
            onChange={(event) => {
              setDraft(event.target.value);
              setProblem(null);
            }}
            onKeyDown={(event) => {
              // Enter adds the date rather than sending the whole form.
              if (event.key === 'Enter') {
                event.preventDefault();
                add();
              }
            }}
            aria-invalid={message ? true : undefined}
            aria-describedby={`${hintId} ${errorId}`}
          />
        </div>
        <Button variant="outline" onClick={add}>
          <Plus aria-hidden />
          Add closed date
        </Button>
      </div>
      <FieldError id={errorId} message={message ?? undefined} />
      {dates.length === 0 ? (
        <p className="text-sm text-muted-foreground">No closed dates.</p>
      ) : (
        <ul className="grid gap-1">
          {dates.map((date) => (
            <li key={date} className="flex items-center justify-between gap-2 rounded-md border py-0.5 pl-3 text-sm">
              {dateLabel(date)}
              <Button variant="ghost" size="icon" aria-label={`Remove ${dateLabel(date)}`} onClick={() => remove(date)}>
                <Trash2 aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

/** Where the form moves focus when the hours do not pass: the first time or date at fault, Monday first. */
function firstFaultyControl(id: string, hours: Hours): string | null {
  const issues = openingHoursSchema.safeParse(hours).error?.issues ?? [];
  const dayOf = (path: PropertyKey[]) => (path[0] === 'weekly' ? Number(path[1]) : WEEKDAYS.length);
  // A stable sort: a range's own issue stays before its day's.
  const first = issues.toSorted((a, b) => dayOf(a.path) - dayOf(b.path))[0];
  if (!first) return null;
  if (first.path[0] === 'closedDates') return `${id}-closed-date`;
  const [, day, index = 0, edge = 'opens'] = first.path;
  return `${id}-${String(day)}-${String(index)}-${String(edge)}`;
}

interface OpeningHoursFieldsProps {
  id: string;
  value: Hours;
  onChange: (hours: Hours) => void;
  error: HoursErrors;
  /** Handed to react-hook-form, which focuses it when the hours are refused. */
  ref?: Ref<{ focus: () => void }>;
  /** The restaurant's zone, whose today is the first date it can close on; this browser's until one is chosen. */
  timeZone: string | undefined;
}

/** The week's opening hours, one row per day, and the dates the restaurant is closed. */
export function OpeningHoursFields({ id, value, onChange, error, ref, timeZone }: OpeningHoursFieldsProps) {
  const [copied, setCopied] = useState('');
  const closedDates = value.closedDates ?? [];

  useImperativeHandle(
    ref,
    () => ({
      focus: () => {
        const faulty = firstFaultyControl(id, value);
        if (faulty) document.getElementById(faulty)?.focus();
      },
    }),
    [id, value],
  );

  function change(hours: Hours) {
    setCopied('');
    onChange(hours);
  }

  function copyMonday() {
    const monday = value.weekly[0] ?? [];
    change({ ...value, weekly: WEEKDAYS.map(() => monday.map((range) => ({ ...range }))) });
    setCopied("Monday's hours copied to every day");
  }

  return (
    <div className="grid gap-6">
      <div className="grid gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p id={`${id}-closing-note`} className="text-xs text-muted-foreground">
            Closing at 00:00 means midnight. A closing time before the opening time runs on into the next day.
          </p>
          <Button variant="outline" size="sm" onClick={copyMonday}>
            <Copy aria-hidden />
            Copy Monday to every day
          </Button>
        </div>
        <p role="status" className="sr-only">
          {copied}
        </p>
        <ul className="grid divide-y">
          {WEEKDAYS.map((name, day) => (
            <li key={name} className="py-3 first:pt-0 last:pb-0">
              <DayHours
                id={`${id}-${day}`}
                day={day}
                closingNoteId={`${id}-closing-note`}
                ranges={value.weekly[day] ?? []}
                error={error?.weekly?.[day]}
                onChange={(ranges) =>
                  change({ ...value, weekly: value.weekly.map((other, at) => (at === day ? ranges : other)) })
                }
              />
            </li>
          ))}
        </ul>
      </div>
      <ClosedDates
        id={`${id}-closed`}
        today={todayIn(timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone)}
        dates={closedDates}
        error={error?.closedDates && (error.closedDates.message ?? HOURS_MESSAGES.date)}
        onChange={(dates) => change({ ...value, closedDates: dates })}
      />
    </div>
  );
}
