import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RadioGroup as RadioGroupPrimitive } from 'radix-ui';
import { toast } from 'sonner';
import { SAVED_PLACE_MESSAGES, type SavedPlace } from '@shared/places/schemas.js';
import { Button } from '@/components/ui/button.js';
import { InlineLoadFailed } from '@/components/ui/inline-load-failed.js';
import { cn } from '@/lib/cn.js';
import { notifySuccess } from '@/lib/toast.js';
import { forgetPlace, SAVED_PLACES_KEY, savedPlacesQuery } from './placesApi.js';

const CHIP = cn(
  'grid min-h-11 max-w-full min-w-24 content-center rounded-md border bg-background px-3 py-1.5 text-left text-sm leading-tight outline-none',
  'focus-visible:ring-[3px] focus-visible:ring-ring/50',
  'data-[state=checked]:border-primary data-[state=checked]:bg-accent data-[state=checked]:text-accent-foreground',
);

interface SavedPlaceChoicesProps {
  chosenId: string | null;
  /** A place picked: the form takes its address, pin, landmark and GPS code. */
  onChoose: (place: SavedPlace) => void;
  /** The chosen place was forgotten: nothing is chosen any more. */
  onForgotten: () => void;
}

/**
 * 'Your places' above the delivery address: the customer's saved places, most recently used
 * first, as a radio group (arrow keys move between them). Nothing is shown while there are none.
 */
export function SavedPlaceChoices({ chosenId, onChoose, onForgotten }: SavedPlaceChoicesProps) {
  const queryClient = useQueryClient();
  const places = useQuery(savedPlacesQuery());
  const forget = useMutation({
    mutationFn: (place: SavedPlace) => forgetPlace(place.id),
    onSuccess: (_, place) => {
      notifySuccess(SAVED_PLACE_MESSAGES.forgotten(place.label));
      onForgotten();
    },
    onError: () => toast.error(SAVED_PLACE_MESSAGES.forgetFailed),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SAVED_PLACES_KEY }),
  });

  if (places.isPending) {
    return (
      <p aria-busy className="text-sm text-muted-foreground">
        Loading your places...
      </p>
    );
  }
  if (places.isError) {
    return (
      <InlineLoadFailed
        message={SAVED_PLACE_MESSAGES.loadFailed}
        retrying={places.isFetching}
        onRetry={() => void places.refetch()}
      />
    );
  }
  if (places.data.length === 0) return null;
  const chosen = places.data.find((place) => place.id === chosenId);
  return (
    <div className="grid gap-2">
      <h3 id="saved-places-heading" className="text-sm font-medium">
        Your places
      </h3>
      <RadioGroupPrimitive.Root
        aria-labelledby="saved-places-heading"
        value={chosenId ?? ''}
        onValueChange={(id) => {
          const place = places.data.find((candidate) => candidate.id === id);
          if (place) onChoose(place);
        }}
        className="flex flex-wrap gap-2"
      >
        {places.data.map((place) => (
          <RadioGroupPrimitive.Item key={place.id} value={place.id} className={CHIP}>
            <span className="font-semibold wrap-anywhere">{place.label}</span>
            <span className="max-w-48 truncate text-xs text-muted-foreground">{place.address}</span>
          </RadioGroupPrimitive.Item>
        ))}
      </RadioGroupPrimitive.Root>
      {chosen && (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="w-fit max-w-full wrap-anywhere"
          busy={forget.isPending}
          onClick={() => forget.mutate(chosen)}
        >
          Forget {chosen.label}
        </Button>
      )}
    </div>
  );
}
