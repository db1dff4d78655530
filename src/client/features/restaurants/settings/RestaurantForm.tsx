import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toMajorString } from '@shared/money.js';
import { COUNTRIES, CURRENCY_CODES, CURRENCY_SYMBOLS, currencySymbolFor } from '@shared/restaurants/currency.js';
import {
  PREP_MINUTES,
  restaurantFormSchema,
  type RestaurantBody,
  type RestaurantForm as RestaurantFormValues,
  type RestaurantFormInput,
} from '@shared/restaurants/form.js';
import { COUNTRY_TIME_ZONES, defaultTimeZone, PROPOSED_HOURS, TIME_ZONES } from '@shared/restaurants/hours.js';
import type { OwnRestaurant } from '@shared/restaurants/schemas.js';
import { Button } from '@/components/ui/button.js';
import { FormField } from '@/components/ui/form-field.js';
import { ImageInput } from '@/components/ui/image-input.js';
import { Input } from '@/components/ui/input.js';
import { Textarea } from '@/components/ui/textarea.js';
import { FALLBACK_CENTER, type LatLng } from '@/components/maps/geolocation.js';
import { LocationPicker } from '@/components/maps/LocationPicker.js';
import { errorMessage } from '@/lib/apiError.js';
import { reportSubmitFailure } from '@/lib/formErrors.js';
import { OpeningHoursFields } from './OpeningHoursFields.js';
import { SelectField } from './SelectField.js';
import { uploadCoverImage } from './restaurantSettingsApi.js';

const FIELDS = [
  'name',
  'description',
  'address',
  'phone',
  'country',
  'currencySymbol',
  'minOrderAmount',
  'prepMinutes',
  'location',
  'timeZone',
] as const;

const COUNTRY_OPTIONS = COUNTRIES.map((country) => ({ value: country, label: country }));

/** 'GH₵ GHS': the symbol prices show, and the code owners may know it by. */
const CURRENCY_OPTIONS = CURRENCY_SYMBOLS.map((symbol) => ({ value: symbol, label: `${symbol} ${CURRENCY_CODES[symbol]}` }));

/** 'Ghana: Accra', 'USA: New York': the country first, as owners know it. */
const TIME_ZONE_OPTIONS = Object.entries(COUNTRY_TIME_ZONES).flatMap(([country, zones]) =>
  zones.map((zone) => ({ value: zone, label: `${country}: ${zone.slice(zone.lastIndexOf('/') + 1).replaceAll('_', ' ')}` })),
);

const timeZoneOf = (country: string) => TIME_ZONES.find((zone) => zone === defaultTimeZone(country));

/**
 * react-hook-form types a field by the schema's input, but a field with no default stays
 * undefined until the owner picks one: the controls get an empty choice or no pin until then.
 */
const chosen = (value: string | undefined) => value ?? '';
const pinOf = (value: LatLng | undefined) => value ?? null;

const required = (label: string) => (
  <>
    {label} <span aria-hidden>*</span>
  </>
);

function defaultsOf(restaurant: OwnRestaurant | null): Partial<RestaurantFormInput> {
  if (!restaurant) {
    const prepMinutes = String(PREP_MINUTES.usual);
    return { name: '', description: '', address: '', phone: '', minOrderAmount: '', prepMinutes, openingHours: PROPOSED_HOURS };
  }
  const { latitude, longitude } = restaurant;
  return {
    name: restaurant.name,
    description: restaurant.description ?? '',
    address: restaurant.address,
    phone: restaurant.phone,
    country: COUNTRIES.find((country) => country === restaurant.country),
    currencySymbol: CURRENCY_SYMBOLS.find((symbol) => symbol === restaurant.currencySymbol),
    location: latitude !== null && longitude !== null ? { latitude, longitude } : undefined,
    // No minimum shows as an empty field.
    minOrderAmount: restaurant.minOrderAmount > 0 ? toMajorString(restaurant.minOrderAmount) : '',
    prepMinutes: String(restaurant.prepMinutes),
    timeZone: TIME_ZONES.find((zone) => zone === restaurant.timeZone),
    openingHours: restaurant.openingHours,
  };
}

interface RestaurantFormProps {
  /** The restaurant being changed, or null when setting one up. */
  restaurant: OwnRestaurant | null;
  submitLabel: string;
  busyLabel: string;
  /** Sends the form; a failure it throws is shown on the form. */
  onSave: (body: RestaurantBody) => Promise<void>;
}

/** The restaurant's details, cover image and pin: the form of both /restaurant/setup and /restaurant/edit. */
export function RestaurantForm({ restaurant, submitLabel, busyLabel, onSave }: RestaurantFormProps) {
  const [cover, setCover] = useState<File | null>(null);
  // A cover already uploaded for a save that failed is not uploaded again.
  const [uploaded, setUploaded] = useState<{ file: File; url: string } | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<RestaurantFormInput, unknown, RestaurantFormValues>({
    resolver: zodResolver(restaurantFormSchema),
    defaultValues: defaultsOf(restaurant),
  });

  const currency = chosen(useWatch({ control, name: 'currencySymbol' }));
  const timeZone = useWatch({ control, name: 'timeZone' });

  async function coverUrl(): Promise<string | null> {
    if (!cover) return restaurant?.imageUrl ?? null;
    if (uploaded?.file === cover) return uploaded.url;
    const url = await uploadCoverImage(cover);
    setUploaded({ file: cover, url });
    return url;
  }

  async function submit(values: RestaurantFormValues) {
    try {
      await onSave({ ...values, imageUrl: await coverUrl() });
    } catch (error) {
      reportSubmitFailure(error, setError, FIELDS, errorMessage(error, 'Could not save the restaurant. Please try again.'));
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="grid gap-6">
      <section aria-labelledby="restaurant-details" className="grid gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-6">
        <h2 id="restaurant-details" className="text-lg font-semibold">
          Details
        </h2>
        <FormField id="restaurant-name" label={required('Restaurant Name')} error={errors.name?.message}>
          <Input autoComplete="organization" placeholder="Mama Put Kitchen" {...register('name')} />
        </FormField>
        <FormField id="restaurant-description" label="Description" error={errors.description?.message}>
          <Textarea rows={3} placeholder="What you cook, your specials" {...register('description')} />
        </FormField>
        <FormField id="restaurant-address" label={required('Address')} error={errors.address?.message}>
          <Textarea rows={2} autoComplete="street-address" placeholder="Street, area and city" {...register('address')} />
        </FormField>
        <FormField id="restaurant-phone" label={required('Phone')} error={errors.phone?.message}>
          <Input type="tel" inputMode="tel" autoComplete="tel" placeholder="+233 30 123 4567" {...register('phone')} />
        </FormField>
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <Controller
            control={control}
            name="country"
            render={({ field }) => (
              <SelectField
                id="restaurant-country"
                label={required('Country')}
                error={errors.country?.message}
                placeholder="Choose a country"
                options={COUNTRY_OPTIONS}
                field={field}
                onChange={(country) => {
                  field.onChange(country);
                  setValue('currencySymbol', currencySymbolFor(country), { shouldValidate: isSubmitted });
                  const zone = timeZoneOf(country);
                  if (!restaurant && zone) setValue('timeZone', zone, { shouldValidate: isSubmitted });
                }}
              />
            )}
          />
          <Controller
            control={control}
            name="currencySymbol"
            render={({ field }) => (
              <SelectField
                id="restaurant-currency"
                label={required('Currency')}
                hint="Set by the country; change it if you price in another currency."
                error={errors.currencySymbol?.message}
                placeholder="Choose a currency"
                options={CURRENCY_OPTIONS}
                field={field}
              />
            )}
          />
        </div>
        <FormField
          id="restaurant-min-order"
          label={`Minimum order${currency ? ` (${currency})` : ''}`}
          hint="The smallest food total you take an order for, before delivery and tip. Leave it empty for no minimum."
          error={errors.minOrderAmount?.message}
          className="sm:max-w-xs"
        >
          <Input inputMode="decimal" autoComplete="off" placeholder="0.00" {...register('minOrderAmount')} />
        </FormField>
        <FormField
          id="restaurant-prep-minutes"
          label="Usual preparation time (minutes)"
          hint={`From order to ready on a normal day, ${PREP_MINUTES.min} to ${PREP_MINUTES.max}. Customers see delivery times from it; on a rush, mark the kitchen busy from the board.`}
          error={errors.prepMinutes?.message}
          className="sm:max-w-xs"
        >
          <Input inputMode="numeric" autoComplete="off" placeholder={String(PREP_MINUTES.usual)} {...register('prepMinutes')} />
        </FormField>
        <div className="grid gap-2">
          {restaurant?.imageUrl && !cover && (
            <figure className="grid gap-1">
              <img src={restaurant.imageUrl} alt="" className="h-24 w-40 rounded-md border object-cover" />
              <figcaption className="text-xs text-muted-foreground">Current cover image</figcaption>
            </figure>
          )}
          <FormField id="restaurant-cover" label="Cover Image" hint="Shown on your restaurant card">
            <ImageInput value={cover} onChange={setCover} previewAlt="Cover image preview" />
          </FormField>
        </div>
      </section>

      <section className="rounded-xl border bg-card p-4 shadow-sm sm:p-6">
        <Controller
          control={control}
          name="location"
          render={({ field }) => (
            <LocationPicker
              id="restaurant-location"
              place="Restaurant location"
              hint="Drivers and delivery distances start here. Use your location, or tap the map where the restaurant is."
              noPin="No pin yet."
              required
              value={pinOf(field.value)}
              onChange={(pin) => field.onChange(pin ?? undefined)}
              center={pinOf(field.value) ?? FALLBACK_CENTER}
              error={errors.location?.message ?? errors.location?.latitude?.message}
            />
          )}
        />
      </section>

      <section aria-labelledby="opening-hours" className="grid gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-6">
        <div className="grid gap-1">
          <h2 id="opening-hours" className="text-lg font-semibold">
            Opening hours
          </h2>
          <p className="text-sm text-muted-foreground">Customers can order only while you are open.</p>
        </div>
        <Controller
          control={control}
          name="timeZone"
          render={({ field }) => (
            <SelectField
              id="restaurant-time-zone"
              label={required('Time zone')}
              hint="Your opening hours and closed dates are read in this time zone."
              error={errors.timeZone?.message}
              placeholder="Choose a time zone"
              options={TIME_ZONE_OPTIONS}
              field={field}
              className="sm:max-w-sm"
            />
          )}
        />
        <Controller
          control={control}
          name="openingHours"
          render={({ field }) => (
            <OpeningHoursFields
              id="restaurant-hours"
              ref={field.ref}
              value={field.value}
              onChange={field.onChange}
              error={errors.openingHours}
              timeZone={timeZone}
            />
          )}
        />
      </section>

      <Button type="submit" size="lg" busy={isSubmitting} className="w-full sm:w-fit sm:justify-self-end">
        {isSubmitting ? busyLabel : submitLabel}
      </Button>
    </form>
  );
}
