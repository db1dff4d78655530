import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog.js';

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
    <AlertDialog open={currentRestaurant !== null} onOpenChange={(open) => !open && onKeep()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Start a new cart?</AlertDialogTitle>
          <AlertDialogDescription>
            Your cart has dishes from {currentRestaurant}. A cart can only hold one restaurant&apos;s food, so adding this will
            empty it and start a new cart from {newRestaurant}.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Keep current cart</AlertDialogCancel>
          <AlertDialogAction onClick={onReplace}>Start new cart</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
