import { Button } from './button.js';

interface InlineLoadFailedProps {
  /** What could not be loaded, without a full stop: 'Could not load the delivery fees'. */
  message: string;
  retrying: boolean;
  onRetry: () => void;
}

/** A part of a page that could not load, said in its place with Try again: LoadFailed's small form, inside a card. */
export function InlineLoadFailed({ message, retrying, onRetry }: InlineLoadFailedProps) {
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg border border-destructive/40 p-3 text-sm">
      <span>{message}.</span>
      <Button variant="outline" size="sm" busy={retrying} onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
