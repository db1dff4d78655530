import { ArrowDown, ArrowUp } from 'lucide-react';
import { Button } from '@/components/ui/button.js';

interface MoveButtonsProps {
  /** What moves, as a screen reader hears it: "Move <what> up". */
  what: string;
  moving: boolean;
  /** Absent where it cannot move that way. */
  onUp?: () => void;
  onDown?: () => void;
}

/** Up and down buttons for a menu item or a whole category. */
export function MoveButtons({ what, moving, onUp, onDown }: MoveButtonsProps) {
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className="size-11"
        disabled={!onUp || moving}
        onClick={onUp}
        aria-label={`Move ${what} up`}
      >
        <ArrowUp aria-hidden />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        className="size-11"
        disabled={!onDown || moving}
        onClick={onDown}
        aria-label={`Move ${what} down`}
      >
        <ArrowDown aria-hidden />
      </Button>
    </>
  );
}
