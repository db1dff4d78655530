import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId, useState, type SubmitEvent } from 'react';
import {
  addDays,
  isoDay,
  monthStart,
  periodDays,
  STATEMENT_MAX_DAYS,
  STATEMENT_MESSAGES,
  type StatementPeriod,
} from '@shared/ledger/statement.js';
import { Button } from '@/components/ui/button.js';
import { FormField } from '@/components/ui/form-field.js';
import { Input } from '@/components/ui/input.js';
import { SegmentedRadio } from '@/components/ui/segmented-radio.js';

type Mode = 'month' | 'custom';
const MODES = ['month', 'custom'] as const;
const MODE_LABELS: Record<Mode, string> = { month: 'By month', custom: 'Custom dates' };

const monthName = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** Whether the period is one whole calendar month. */
const isWholeMonth = (period: StatementPeriod) =>
  period.from === monthStart(period.from) && period.to === monthStart(period.from, 1);

/** The month of a day, as a period. */
const monthOf = (day: string): StatementPeriod => ({ from: monthStart(day), to: monthStart(day, 1) });

/** Why the dates typed (the last day included) make no period, under the field at fault; undefined when they do. */
function customPeriodError(from: string, lastDay: string): { field: 'from' | 'to'; message: string } | undefined {
  if (!from) return { field: 'from', message: STATEMENT_MESSAGES.date };
  if (!lastDay) return { field: 'to', message: STATEMENT_MESSAGES.date };
  const days = periodDays({ from, to: addDays(lastDay, 1) });
  if (days <= 0) return { field: 'to', message: STATEMENT_MESSAGES.order };
  if (days > STATEMENT_MAX_DAYS) return { field: 'to', message: STATEMENT_MESSAGES.tooLong };
  return undefined;
}

function CustomDates({ period, onChange }: { period: StatementPeriod; onChange: (period: StatementPeriod) => void }) {
  const id = useId();
  const [from, setFrom] = useState(period.from);
  const [lastDay, setLastDay] = useState(addDays(period.to, -1));
  const [error, setError] = useState<ReturnType<typeof customPeriodError>>();

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = customPeriodError(from, lastDay);
    setError(problem);
    if (!problem) onChange({ from, to: addDays(lastDay, 1) });
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-3 sm:flex sm:flex-wrap sm:items-start">
      <FormField id={`${id}-from`} label="From" error={error?.field === 'from' ? error.message : undefined}>
        <Input type="date" value={from} onChange={(event) => setFrom(event.target.value)} className="sm:w-44" />
      </FormField>
      <FormField
        id={`${id}-to`}
        label="To"
        hint="The last day included"
        error={error?.field === 'to' ? error.message : undefined}
      >
        <Input type="date" value={lastDay} onChange={(event) => setLastDay(event.target.value)} className="sm:w-44" />
      </FormField>
      <Button type="submit" variant="outline" className="sm:mt-6">
        Show statement
      </Button>
    </form>
  );
}

/** The statement's period: a calendar month stepped through with arrows, or dates typed in (at most a year). */
export function StatementPeriodPicker({
  period,
  onChange,
  today = isoDay(new Date()),
}: {
  period: StatementPeriod;
  onChange: (period: StatementPeriod) => void;
  /** The current UTC day, YYYY-MM-DD: months after its own are not offered. */
  today?: string;
}) {
  const [mode, setMode] = useState<Mode>(isWholeMonth(period) ? 'month' : 'custom');
  const month = monthOf(period.from);
  const isCurrentMonth = month.from === monthStart(today);

  const chooseMode = (next: Mode) => {
    setMode(next);
    if (next === 'month' && !isWholeMonth(period)) onChange(month);
  };

  return (
    <div className="grid gap-3">
      <SegmentedRadio label="Period" options={MODES} labels={MODE_LABELS} value={mode} onChange={chooseMode} />
      {mode === 'month' ? (
        <div className="flex items-center gap-2">
          <Button
            variant="outline"
            size="icon"
            aria-label="Previous month"
            onClick={() => onChange(monthOf(monthStart(period.from, -1)))}
          >
            <ChevronLeft aria-hidden />
          </Button>
          <p aria-live="polite" className="min-w-40 text-center font-medium">
            {monthName.format(new Date(`${month.from}T00:00:00Z`))}
          </p>
          <Button
            variant="outline"
            size="icon"
            aria-label="Next month"
            disabled={isCurrentMonth}
            onClick={() => onChange(monthOf(monthStart(period.from, 1)))}
          >
            <ChevronRight aria-hidden />
          </Button>
        </div>
      ) : (
        <CustomDates key={`${period.from}/${period.to}`} period={period} onChange={onChange} />
      )}
    </div>
  );
}
