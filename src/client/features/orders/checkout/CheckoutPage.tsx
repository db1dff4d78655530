import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ShoppingCart } from 'lucide-react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { PublicConfig } from '@shared/config.js';
import { formatMoney } from '@shared/money.js';
import { CHECKOUT_MESSAGES, type OrderView, type PaymentMethod as PaymentChoice } from '@shared/orders/schemas.js';
import { notTakingOrdersMessage } from '@shared/restaurants/hours.js';
import { cartFromLocationState, cartTotal, type Cart } from '@/components/cart/cart.js';
import { cartStore, useCart } from '@/components/cart/useCart.js';
import { MyOrdersLink } from '@/components/layouts/MyOrdersLink.js';
import { PageTitle } from '@/components/layouts/PageMain.js';
import { SignedInLayout } from '@/components/layouts/SignedInLayout.js';
import { LocationPicker } from '@/components/maps/LocationPicker.js';
import { getDeliveryLocation, setDeliveryLocation } from '@/components/maps/deliveryLocation.js';
import { FALLBACK_CENTER, type LatLng } from '@/components/maps/geolocation.js';
import { Button } from '@/components/ui/button.js';
import { EmptyState } from '@/components/ui/empty-state.js';
import { FormField } from '@/components/ui/form-field.js';
import { Input } from '@/components/ui/input.js';
import { PageSpinner } from '@/components/ui/spinner.js';
import { Textarea } from '@/components/ui/textarea.js';
import { useAuth } from '@/lib/authContext.js';
import { publicConfigQuery } from '@/lib/configApi.js';
import { reportSubmitFailure } from '@/lib/formErrors.js';
import { randomId } from '@/lib/randomId.js';
import { restaurantQuery } from '@/lib/restaurantsApi.js';
import { useCatalogUpdates } from '@/lib/useCatalogUpdates.js';
import { notifySuccess } from '@/lib/toast.js';
import { useOpeningState } from '@/lib/useOpeningState.js';
import { OrderAgainNotice } from '@/features/orders/OrderAgainNotice.js';
import { useCheckoutPlace } from '@/components/places/checkoutPlace.js';
import { PlaceDetailsFields } from '@/components/places/PlaceDetailsFields.js';
import { SavedPlaceChoices } from '@/components/places/SavedPlaceChoices.js';
import { SavePlaceFields } from '@/components/places/SavePlaceFields.js';
import { MY_ORDERS_KEY, myOrdersQuery, placeOrder, withPlacedOrder } from '../ordersApi.js';
import type { CardStage } from '../payments/paymentFailure.js';
import { useCardCheckout } from '../payments/useCardCheckout.js';
import { CheckoutCharges, checkoutTotal } from './CheckoutCharges.js';
import {
  DELIVERY_FIELDS,
  cashOrderInput,
  checkoutDetails,
  deliveryDetailsSchema,
  missingDeliveryMessage,
  placeOrderFailure,
  refusedForWhatIsShown,
  type DeliveryDetails,
  type DeliveryDetailsInput,
} from './checkoutForm.js';
import { DELIVERY_QUOTE_KEY, deliveryBlocker, deliveryQuoteQuery, deliveryStatus } from './deliveryQuote.js';
import { OrderSummary } from './OrderSummary.js';
import { PaymentMethod } from './PaymentMethod.js';
import { PlaceOrderBar } from './PlaceOrderBar.js';
import { currentTipChoice, tipAmountOf, type TipChoice } from './tip.js';
import { TipChooser } from './TipChooser.js';

const ORDERS_PATH = '/customer/orders';
const TIP_INPUT_ID = 'checkout-tip-other';

function CheckoutSection({ step, title, children }: { step: number; title: string; children: ReactNode }) {
  const headingId = `checkout-step-${step}`;
  return (
    <section aria-labelledby={headingId} className="grid gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-6">
      <h2 id={headingId} className="flex items-center gap-3 text-lg font-semibold">
        <span aria-hidden className="grid size-7 place-items-center rounded-full bg-primary text-sm text-primary-foreground">
          {step}
        </span>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The error under a field: an empty one is said once, by the 'Missing information' toast, so only other problems show here. */
const fieldMessage = (message: string | undefined) => (message === CHECKOUT_MESSAGES.missingDelivery ? undefined : message);

/** The 'Missing information' toast for empty required fields, the one place they are reported; react-hook-form has already focused the first. */
function sayWhatIsMissing(errors: FieldErrors<DeliveryDetailsInput>) {
  const missing = missingDeliveryMessage(errors);
  if (missing) toast.error(CHECKOUT_MESSAGES.missingInformationTitle, { description: missing });
}

const CARD_PROGRESS: Record<CardStage, string> = {
  starting: 'Starting payment...',
  paying: 'Waiting for payment...',
  verifying: 'Verifying payment...',
};

/** The line under the payment choice when card is not offered: why, once the server's settings are known. */
function cardMissing(config: { isError: boolean; data?: PublicConfig }): string | undefined {
  if (config.isError) return 'Card payments could not be checked just now; cash on delivery works.';
  if (config.data && !config.data.cardPayments.enabled) return 'Card payments are not set up on this marketplace yet.';
  return undefined;
}

function CheckoutForm({ cart, onPlaced }: { cart: Cart; onPlaced: (order: OrderView) => void }) {
  const { user } = useAuth();
  const { increase, decrease } = useCart();
  const queryClient = useQueryClient();
  const restaurant = useQuery(restaurantQuery(cart.restaurant.id));
  useCatalogUpdates(cart.restaurant.id);
  const opening = useOpeningState(restaurant.data);
  const notTaking = opening && !opening.taking ? notTakingOrdersMessage(opening) : null;
  // Where the customer said the food goes, on the restaurant list or a checkout before: the fee they saw on its card.
  const [pin, setPinState] = useState<LatLng | null>(getDeliveryLocation);
  const [orderId] = useState(randomId);
  const config = useQuery(publicConfigQuery());
  const cardOffered = config.data?.cardPayments.enabled === true;
  const [method, setMethod] = useState<PaymentChoice>('cash');
  const byCard = cardOffered && method === 'paystack-card';
  // A checkout refused for its delivery (the fee changed, too far, under the minimum) or because the restaurant
  // stopped taking orders: show the server's price and the restaurant's hours and pause again.
  const refreshIfStale = (error: unknown) => {
    if (!refusedForWhatIsShown(error)) return;
    void queryClient.resetQueries({ queryKey: DELIVERY_QUOTE_KEY });
    void queryClient.invalidateQueries({ queryKey: restaurantQuery(cart.restaurant.id).queryKey, exact: true });
  };
  // Places are saved only once the order is: a failed save cannot lose it.
  const placedHere = (placed: OrderView) => {
    place.placed();
    onPlaced(placed);
  };
  const card = useCardCheckout(config.data?.cardPayments.scriptUrl ?? '', placedHere, refreshIfStale);

  const subtotal = cartTotal(cart);
  const symbol = cart.restaurant.currencySymbol;
  const quote = useQuery(deliveryQuoteQuery(cart.restaurant.id, pin));
  const delivery = deliveryStatus(quote, subtotal);
  const [tipChoice, setTipChoice] = useState<TipChoice>('none');
  const [tipText, setTipText] = useState('');
  const [tipChecked, setTipChecked] = useState(false);
  const shownTipChoice = currentTipChoice(tipChoice, subtotal);
  const tip = tipAmountOf(shownTipChoice, tipText, subtotal);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    clearErrors,
    control,
    formState: { errors },
  } = useForm<DeliveryDetailsInput, unknown, DeliveryDetails>({
    resolver: zodResolver(deliveryDetailsSchema),
    defaultValues: {
      deliveryAddress: '',
      deliveryPhone: user?.profile.phone ?? '',
      notes: '',
      deliveryLandmark: '',
      deliveryGpsCode: '',
      savePlace: false,
      placeLabel: '',
    },
  });
  const savingPlace = useWatch({ control, name: 'savePlace' });
  const place = useCheckoutPlace((saved) => {
    setValue('deliveryAddress', saved.address);
    setValue('deliveryLandmark', saved.landmark ?? '');
    setValue('deliveryGpsCode', saved.gpsCode ?? '');
    setValue('savePlace', false);
    clearErrors(['deliveryAddress', 'deliveryLandmark', 'deliveryGpsCode', 'placeLabel']);
    setPin({ latitude: saved.latitude, longitude: saved.longitude });
  });
  const order = useMutation({
    mutationFn: placeOrder,
    onSuccess: placedHere,
    onError: (error) => {
      reportSubmitFailure(error, setError, DELIVERY_FIELDS, placeOrderFailure(error));
      refreshIfStale(error);
    },
  });

  function setPin(next: LatLng | null) {
    setPinState(next);
    setDeliveryLocation(next);
  }

  const restaurantCenter =
    restaurant.data?.latitude != null && restaurant.data.longitude != null
      ? { latitude: restaurant.data.latitude, longitude: restaurant.data.longitude }
      : null;
  const mapCenter = restaurant.isPending ? null : (restaurantCenter ?? FALLBACK_CENTER);
  const totalAmount = checkoutTotal(subtotal, delivery, tip);
  const total = totalAmount === null ? null : formatMoney(totalAmount, symbol);
  const busy = order.isPending || card.stage !== null;
  const blocked = notTaking ?? deliveryBlocker(delivery);
  let submitLabel = byCard ? (total ? `Pay ${total}` : 'Pay') : 'Place Order';
  if (card.stage) submitLabel = CARD_PROGRESS[card.stage];
  else if (order.isPending) submitLabel = 'Placing order...';

  return (
    <form
      noValidate
      onSubmit={handleSubmit(
        (details) => {
          if (busy || notTaking || delivery.kind !== 'ready') return;
          if (!tip.ok) {
            setTipChecked(true);
            document.getElementById(TIP_INPUT_ID)?.focus();
            return;
          }
          const placeProblem = place.plan(details, pin);
          if (placeProblem) {
            setError('placeLabel', { message: placeProblem }, { shouldFocus: true });
            return;
          }
          const charges = { tipAmount: tip.amount, deliveryFee: delivery.fee };
          if (byCard) card.pay(checkoutDetails(cart, details, pin, charges));
          else order.mutate(cashOrderInput(orderId, cart, details, pin, charges));
        },
        (errors) => {
          setTipChecked(true);
          sayWhatIsMissing(errors);
        },
      )}
      className="grid items-start gap-6 pb-24 lg:grid-cols-[minmax(0,1fr)_26rem] lg:pb-0"
    >
      <CheckoutSection step={1} title="Delivery details">
        <SavedPlaceChoices chosenId={place.chosenId} onChoose={place.choose} onForgotten={place.forgotten} />
        <FormField id="checkout-address" label="Delivery address" error={fieldMessage(errors.deliveryAddress?.message)}>
          <Textarea
            rows={2}
            autoComplete="street-address"
            placeholder="House number, street, area and a landmark"
            className="min-h-16"
            aria-invalid={errors.deliveryAddress ? true : undefined}
            {...register('deliveryAddress')}
          />
        </FormField>
        <PlaceDetailsFields
          landmark={register('deliveryLandmark')}
          gpsCode={register('deliveryGpsCode')}
          landmarkError={errors.deliveryLandmark?.message}
          gpsCodeError={errors.deliveryGpsCode?.message}
        />
        <FormField id="checkout-phone" label="Phone number" error={fieldMessage(errors.deliveryPhone?.message)}>
          <Input
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="+233 24 123 4567"
            aria-invalid={errors.deliveryPhone ? true : undefined}
            {...register('deliveryPhone')}
          />
        </FormField>
        <FormField
          id="checkout-notes"
          label={
            <>
              Notes <span className="font-normal text-muted-foreground">(optional)</span>
            </>
          }
          error={errors.notes?.message}
        >
          <Textarea rows={2} placeholder="Gate colour, allergies, no pepper..." {...register('notes')} />
        </FormField>
        <LocationPicker
          id="checkout-location"
          place="Delivery location"
          hint="Helps your driver find you. Use your location, or tap the map where the food should go."
          noPin={
            delivery.kind === 'needsPin'
              ? 'No pin yet: set one to see the delivery fee.'
              : 'No pin yet: your driver will use the address.'
          }
          value={pin}
          onChange={setPin}
          center={mapCenter}
          required={quote.data?.pinRequired === true}
        />
        <SavePlaceFields
          save={register('savePlace')}
          saving={savingPlace === true}
          label={register('placeLabel')}
          labelError={errors.placeLabel?.message}
        />
      </CheckoutSection>

      <div className="grid gap-6 lg:sticky lg:top-20">
        <CheckoutSection step={2} title="Order summary">
          <OrderSummary cart={cart} onIncrease={increase} onDecrease={decrease} />
          <TipChooser
            subtotal={subtotal}
            symbol={symbol}
            choice={shownTipChoice}
            onChoose={(choice) => {
              setTipChoice(choice);
              setTipChecked(false);
            }}
            otherText={tipText}
            onOtherText={setTipText}
            onOtherBlur={() => {
              if (tipText.trim() !== '') setTipChecked(true);
            }}
            otherError={tipChecked && !tip.ok ? tip.error : undefined}
            otherId={TIP_INPUT_ID}
            disabled={busy}
          />
          <CheckoutCharges
            subtotal={subtotal}
            symbol={symbol}
            delivery={delivery}
            tip={tip}
            onRetry={() => void quote.refetch()}
            retrying={quote.isFetching}
          />
          <p className="text-xs text-muted-foreground">Prices are checked against the menu when you place the order.</p>
        </CheckoutSection>
        <CheckoutSection step={3} title="Payment">
          <PaymentMethod
            value={byCard ? 'paystack-card' : 'cash'}
            onChange={setMethod}
            cardOffered={cardOffered}
            cardMissing={cardMissing(config)}
            disabled={busy}
          />
          <PlaceOrderBar total={total} busy={busy} label={submitLabel} blocked={busy ? null : blocked} />
        </CheckoutSection>
      </div>
    </form>
  );
}

/** The line under 'Order placed!': what is left to pay, or who moves next. */
function placedDetail(order: OrderView): string {
  const amount = formatMoney(order.totalAmount, order.currencySymbol);
  const placed = `Order ${order.shortId} from ${order.restaurantName}`;
  return order.paymentMethod === 'paystack-card'
    ? `${placed}: paid ${amount} by card. The restaurant will confirm it shortly.`
    : `${placed}: pay ${amount} in cash when it arrives.`;
}

/**
 * /customer/checkout: delivery details, the order summary and payment. The cart comes from the
 * cart store, or from the page's history state when it was carried here (through sign-in).
 */
export default function CheckoutPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { cart: storedCart, adopt, clear } = useCart();
  const carried = useMemo(() => cartFromLocationState(location.state), [location.state]);
  const [placed, setPlaced] = useState(false);
  const cart = storedCart ?? carried;

  // Keep a carried cart, then drop it from history, so that going back here later cannot bring back a cart already ordered.
  useEffect(() => {
    if (!carried) return;
    if (!cartStore.get()) adopt(carried);
    void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
  }, [carried, adopt, navigate, location.pathname, location.search]);

  function onPlaced(order: OrderView) {
    setPlaced(true);
    clear();
    queryClient.setQueryData(myOrdersQuery('active').queryKey, (orders) => withPlacedOrder(orders, order));
    void queryClient.invalidateQueries({ queryKey: MY_ORDERS_KEY });
    notifySuccess(CHECKOUT_MESSAGES.placed, placedDetail(order));
    void navigate(ORDERS_PATH, { replace: true });
  }

  let content;
  if (placed) {
    content = <PageSpinner label="Opening your orders" />;
  } else if (!cart) {
    content = (
      <EmptyState
        icon={ShoppingCart}
        title={CHECKOUT_MESSAGES.emptyCart}
        action={
          <Button asChild>
            <Link to="/customer">Browse Restaurants</Link>
          </Button>
        }
      >
        Add dishes from a restaurant&apos;s menu, then come back here to order.
      </EmptyState>
    );
  } else {
    content = (
      <>
        <Button asChild variant="ghost" size="sm" className="-ml-2 w-fit">
          <Link to={`/customer/restaurant/${cart.restaurant.id}`}>
            <ArrowLeft aria-hidden />
            Back to {cart.restaurant.name}
          </Link>
        </Button>
        <OrderAgainNotice />
        <CheckoutForm cart={cart} onPlaced={onPlaced} />
      </>
    );
  }

  return (
    <SignedInLayout title="Checkout" actions={<MyOrdersLink />}>
      <div className="grid gap-4">
        <PageTitle>Checkout</PageTitle>
        {content}
      </div>
    </SignedInLayout>
  );
}
