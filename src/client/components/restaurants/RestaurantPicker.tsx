import type { ManagedRestaurant } from '@shared/orders/sales.js';
import { Label } from '@/components/ui/label.js';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select.js';

interface RestaurantPickerProps {
  /** The select's id, unique on its page. */
  id: string;
  restaurants: ManagedRestaurant[];
  value: string;
  onChange: (restaurantId: string) => void;
}

/** 'Restaurant': which of the restaurants someone manages a page shows; just its name when they manage one. */
export function RestaurantPicker({ id, restaurants, value, onChange }: RestaurantPickerProps) {
  const [only] = restaurants;
  if (restaurants.length === 1 && only) return <p className="text-lg font-medium">{only.name}</p>;
  return (
    <div className="grid gap-2 sm:max-w-xs">
      <Label htmlFor={id}>Restaurant</Label>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger id={id} className="h-11">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {restaurants.map((restaurant) => (
            <SelectItem key={restaurant.id} value={restaurant.id}>
              {restaurant.name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
