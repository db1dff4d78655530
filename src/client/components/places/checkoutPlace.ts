import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { z } from 'zod';
import {
  labelTaken,
  placeLabelField,
  SAVED_PLACE_MESSAGES,
  type SavedPlace,
  type SavePlaceInput,
} from '@shared/places/schemas.js';
import type { LatLng } from '@/components/maps/geolocation.js';
import { errorMessage } from '@/lib/apiError.js';
import { notifySuccess } from '@/lib/toast.js';
import { markPlaceUsed, SAVED_PLACES_KEY, savePlace, savedPlacesQuery } from './placesApi.js';

/** The checkout form's 'Save this place' and its label. */
export const placeToSaveShape = { savePlace: z.boolean().default(false), placeLabel: z.string().default('') };

/** The label is asked for, by the one rule the server applies, only when the place is to be saved. */
export function checkPlaceLabel(values: { savePlace: boolean; placeLabel: string }, context: z.RefinementCtx) {
  if (!values.savePlace) return;
  const label = placeLabelField.safeParse(values.placeLabel);
  if (!label.success) {
    context.addIssue({
      code: 'custom',
      path: ['placeLabel'],
      message: label.error.issues[0]?.message ?? SAVED_PLACE_MESSAGES.labelRequired,
    });
  }
}

/** Where the order went, as the checkout form holds it once checked. */
interface DeliveredPlace {
  deliveryAddress: string;
  deliveryLandmark?: string | null;
  deliveryGpsCode?: string | null;
  savePlace: boolean;
  placeLabel: string;
}

/**
 * Why the place cannot be saved, said before the order is placed so that saving it after cannot
 * fail for it: it has no pin, or the customer already has a place of that name. Null when it can.
 */
function placeToSaveProblem(details: DeliveredPlace, pin: LatLng | null, places: readonly SavedPlace[] = []) {
  if (!details.savePlace) return null;
  if (!pin) return SAVED_PLACE_MESSAGES.pinRequired;
  return labelTaken(places, details.placeLabel) ? SAVED_PLACE_MESSAGES.duplicateLabel(details.placeLabel.trim()) : null;
}

/** The place to save once the order is placed, or null when 'Save this place' is not ticked (or there is no pin). */
function placeToSave(details: DeliveredPlace, pin: LatLng | null): SavePlaceInput | null {
  if (!details.savePlace || !pin) return null;
  return {
    label: details.placeLabel,
    address: details.deliveryAddress,
    latitude: pin.latitude,
    longitude: pin.longitude,
    landmark: details.deliveryLandmark ?? null,
    gpsCode: details.deliveryGpsCode ?? null,
  };
}

interface PlaceAfterOrder {
  /** The saved place the order went to, which then comes first next time. */
  chosenId: string | null;
  toSave: SavePlaceInput | null;
}

/**
 * What happens to places once an order is placed: the chosen place is marked used, the new one
 * saved. Never before the order, so a failure here cannot lose it: a failed save is said in a
 * toast. Each runs to its end even after the page moved on to My Orders.
 */
function usePlaceAfterOrder(): (plan: PlaceAfterOrder) => void {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: SAVED_PLACES_KEY });
  const used = useMutation({ mutationFn: markPlaceUsed, onSettled: refresh });
  const save = useMutation({
    mutationFn: savePlace,
    onSuccess: (place) => notifySuccess(SAVED_PLACE_MESSAGES.saved(place.label)),
    onError: (error) =>
      toast.error(SAVED_PLACE_MESSAGES.saveFailed, { description: errorMessage(error, SAVED_PLACE_MESSAGES.saveFailed) }),
    onSettled: refresh,
  });
  return ({ chosenId, toSave }) => {
    if (chosenId) used.mutate(chosenId);
    if (toSave) save.mutate(toSave);
  };
}

/**
 * The checkout's delivery place: the saved place chosen (`fill` puts it in the form), and on
 * submit what to do with places once the order is placed.
 */
export function useCheckoutPlace(fill: (place: SavedPlace) => void) {
  const [chosenId, setChosenId] = useState<string | null>(null);
  const places = useQuery(savedPlacesQuery());
  const afterOrder = usePlaceAfterOrder();
  const planned = useRef<PlaceAfterOrder>({ chosenId: null, toSave: null });
  return {
    chosenId,
    choose: (place: SavedPlace) => {
      setChosenId(place.id);
      fill(place);
    },
    forgotten: () => setChosenId(null),
    /** Keeps what to do once this order is placed; returns why its place cannot be saved instead, or null. */
    plan: (details: DeliveredPlace, pin: LatLng | null): string | null => {
      const problem = placeToSaveProblem(details, pin, places.data);
      if (!problem) planned.current = { chosenId, toSave: placeToSave(details, pin) };
      return problem;
    },
    /** The order was placed: mark the chosen place used and save the new one. */
    placed: () => afterOrder(planned.current),
  };
}
