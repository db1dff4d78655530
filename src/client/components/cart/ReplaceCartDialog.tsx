import { ConfirmDialog } from '@/components/ui/confirm-dialog.js';

interface ReplaceCartDialogProps {
  /** The restaurant whose dishes are in the cart now, or null when the dialog is closed. */
  currentRestaurant: string | null;
  newRestaurant: string;
  onReplace: () => void;
  onKeep: () => void;
}

/** A cart holds one restaurant's dishes: asks before emptying it for another restaurant's. */
export function ReplaceCartDialog({ currentRestaurant, newRestaurant, onReplace, onKeep }: ReplaceCartDialogProps) {
  return (
    <ConfirmDialog
      open={currentRestaurant !== null}
      onClose={onKeep}
      title="Start a new cart?"
      description={`Your cart has dishes from ${currentRestaurant}. A cart can only hold one restaurant's food, so adding this will empty it and start a new cart from ${newRestaurant}.`}
      cancelLabel="Keep current cart"
      confirmLabel="Start new cart"
      onConfirm={onReplace}
    />
  );
}
