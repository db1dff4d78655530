import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MapPin, Phone, UserRound } from 'lucide-react';
import { toast } from 'sonner';
import { APPROVAL_MESSAGES } from '@shared/admin/approval.js';
import { ADMIN_RESTAURANT_MESSAGES, type AdminRestaurantView } from '@shared/admin/restaurants.js';
import { Badge } from '@/components/ui/badge.js';
import { Button } from '@/components/ui/button.js';
import { PhoneLink } from '@/components/ui/phone-link.js';
import { FoodImage } from '@/components/restaurants/FoodImage.js';
import { errorMessage } from '@/lib/apiError.js';
import { notifySuccess } from '@/lib/toast.js';
import { ADMIN_RESTAURANTS_KEY, setRestaurantActive, showRestaurant } from './adminRestaurantsApi.js';

/** The public list and menus this browser keeps: an admin who changed a restaurant sees them anew. */
const PUBLIC_RESTAURANTS_KEY = ['restaurants'] as const;

/** Its badge: open, waiting for an admin's approval, or taken down by an admin. */
const statusOf = ({ isActive, awaitingApproval }: AdminRestaurantView) =>
  isActive ? 'Active' : awaitingApproval ? 'Waiting' : 'Inactive';

/** One restaurant in Restaurant Management: what customers see of it, its owner, and the switch that opens or closes it. */
export function AdminRestaurantCard({ restaurant }: { restaurant: AdminRestaurantView }) {
  const queryClient = useQueryClient();
  const toggle = useMutation({
    mutationFn: (active: boolean) => setRestaurantActive(restaurant.id, active),
    onSuccess: (changed) => {
      showRestaurant(queryClient, changed);
      notifySuccess(changed.isActive ? ADMIN_RESTAURANT_MESSAGES.activated : ADMIN_RESTAURANT_MESSAGES.deactivated, changed.name);
      void queryClient.invalidateQueries({ queryKey: PUBLIC_RESTAURANTS_KEY });
    },
    onError: (error) => {
      toast.error(ADMIN_RESTAURANT_MESSAGES.updateFailed, { description: errorMessage(error, 'Please try again.') });
      void queryClient.invalidateQueries({ queryKey: ADMIN_RESTAURANTS_KEY });
    },
  });
  const headingId = `restaurant-${restaurant.id}`;

  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col overflow-hidden rounded-xl border bg-card shadow-sm sm:flex-row"
    >
      <FoodImage
        src={restaurant.imageUrl}
        alt=""
        sizes="(min-width: 640px) 192px, 100vw"
        className="aspect-[5/2] w-full shrink-0 sm:aspect-auto sm:w-48"
      />
      <div className="grid flex-1 gap-3 p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 id={headingId} className="text-lg leading-tight font-semibold">
            {restaurant.name}
          </h2>
          <Badge variant={restaurant.isActive ? 'success' : 'secondary'}>{statusOf(restaurant)}</Badge>
        </div>
        {restaurant.description && (
          <p className="line-clamp-2 self-start text-sm text-muted-foreground">{restaurant.description}</p>
        )}
        {!restaurant.isActive && restaurant.awaitingApproval && (
          <p className="text-sm font-medium">{APPROVAL_MESSAGES.adminWaiting}</p>
        )}
        <dl className="grid gap-1.5 text-sm">
          <div className="flex items-start gap-2">
            <dt>
              <MapPin aria-hidden className="mt-0.5 size-4 text-primary" />
              <span className="sr-only">Address</span>
            </dt>
            <dd>{restaurant.address}</dd>
          </div>
          <div className="flex items-start gap-2">
            <dt>
              <Phone aria-hidden className="mt-0.5 size-4 text-primary" />
              <span className="sr-only">Phone</span>
            </dt>
            <dd>
              <PhoneLink phone={restaurant.phone} />
            </dd>
          </div>
          <div className="flex items-start gap-2">
            <dt>
              <UserRound aria-hidden className="mt-0.5 size-4 text-primary" />
              <span className="sr-only">Owner</span>
            </dt>
            <dd>Owner: {restaurant.ownerName}</dd>
          </div>
        </dl>
        <Button
          variant={restaurant.isActive ? 'outline' : 'default'}
          size="lg"
          className="w-full sm:w-fit sm:justify-self-end"
          busy={toggle.isPending}
          onClick={() => toggle.mutate(!restaurant.isActive)}
          aria-label={`${restaurant.isActive ? 'Deactivate' : 'Activate'} ${restaurant.name}`}
        >
          {restaurant.isActive ? 'Deactivate' : 'Activate'}
        </Button>
      </div>
    </article>
  );
}
