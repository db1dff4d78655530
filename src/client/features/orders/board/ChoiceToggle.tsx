import type { LucideIcon } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';
import { Button } from '@/components/ui/button.js';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.js';

interface Choice<T> {
  value: T;
  label: string;
}

interface ChoiceToggleProps<T> {
  /** On: the button undoes it (onUndo); off: it opens the dialog of choices. */
  on: boolean;
  button: RefObject<HTMLButtonElement | null>;
  labels: { choose: string; undo: string };
  icons: { choose: LucideIcon; undo: LucideIcon };
  onUndo: () => void;
  choosing: boolean;
  onChoosingChange: (open: boolean) => void;
  description: ReactNode;
  choices: readonly Choice<T>[];
  onChoose: (value: T) => void;
  /** A change is under way: `pendingValue` is the choice sent, when it is one. */
  pending: boolean;
  pendingValue: T | 'undo' | undefined;
}

/**
 * A board control that is either off, opening a dialog of choices ('Pause new orders': 15, 30,
 * 60 minutes…), or on, undoing it in one tap ('Resume orders'). The focus comes back to the one
 * button when the dialog closes; the caller refocuses it once a change shows (useRefocus).
 */
export function ChoiceToggle<T>(props: ChoiceToggleProps<T>) {
  const { on, button, labels, icons, choosing, onChoosingChange, choices, pending, pendingValue } = props;
  const Icon = on ? icons.undo : icons.choose;
  return (
    <>
      <Button
        ref={button}
        variant="outline"
        size="lg"
        className="px-4"
        busy={on && pending}
        aria-haspopup={on ? undefined : 'dialog'}
        onClick={() => (on ? props.onUndo() : onChoosingChange(true))}
      >
        <Icon aria-hidden />
        {on ? labels.undo : labels.choose}
      </Button>
      <Dialog open={choosing} onOpenChange={(open) => !pending && onChoosingChange(open)}>
        <DialogContent
          className="max-w-sm"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            button.current?.focus();
          }}
        >
          <DialogHeader>
            <DialogTitle>{labels.choose}</DialogTitle>
            <DialogDescription>{props.description}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            {choices.map(({ value, label }) => (
              <Button
                key={label}
                variant="outline"
                size="lg"
                busy={pending && pendingValue === value}
                disabled={pending}
                onClick={() => props.onChoose(value)}
              >
                {label}
              </Button>
            ))}
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
