import { Search } from 'lucide-react';
import { useEffect, useEffectEvent, useId, useRef, type ReactNode } from 'react';
import { SEARCH_MAX } from '@shared/search.js';
import { Input } from '@/components/ui/input.js';
import { Label } from '@/components/ui/label.js';
import { cn } from '@/lib/cn.js';

interface SearchBoxProps {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  /** A line under the box, e.g. what it searches or why nothing is sent yet. */
  hint?: ReactNode;
  className?: string;
}

/**
 * A labelled search field with a magnifier, for the lists the server searches (no longer than it
 * accepts). On a prerendered page a slow phone shows the box before the app has loaded: what was
 * typed meanwhile is searched as soon as the app takes the page over.
 */
export function SearchBox({ label, placeholder, value, onChange, hint, className }: SearchBoxProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const input = useRef<HTMLInputElement>(null);
  const adoptEarlyTyping = useEffectEvent(() => {
    const typed = input.current?.value ?? value;
    if (typed !== value) onChange(typed);
  });
  useEffect(() => adoptEarlyTyping(), []);
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          ref={input}
          id={id}
          type="search"
          placeholder={placeholder}
          value={value}
          maxLength={SEARCH_MAX}
          onChange={(event) => onChange(event.target.value)}
          aria-describedby={hint ? hintId : undefined}
          className="h-11 pl-9"
        />
      </div>
      {hint && (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  );
}
