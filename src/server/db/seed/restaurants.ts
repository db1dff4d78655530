import type { DishKey } from './art/dishes.js';
import type { Spread } from './art/scenes.js';
import type { PersonKey } from './people.js';

interface DemoMenuItem {
  name: string;
  description: string;
  /** Pesewas. */
  price: number;
  category: 'Main Course' | 'Appetizer' | 'Sides' | 'Dessert' | 'Drinks';
  dish: DishKey;
  isAvailable?: boolean;
  /** Its groups of choices, as the owner would type them into the item dialog. */
  options?: DemoOptionGroup[];
}

interface DemoOptionGroup {
  name: string;
  minChoices: number;
  maxChoices: number;
  /** Name, price change in pesewas, and false when it cannot be had today. */
  choices: [name: string, priceDelta: number, isAvailable?: boolean][];
}

export interface DemoRestaurant {
  owner: PersonKey;
  name: string;
  description: string;
  address: string;
  phone: string;
  latitude: number;
  longitude: number;
  /** The smallest food subtotal it takes (pesewas); none when left out. */
  minOrderAmount?: number;
  banner: Omit<Spread, 'dishes'> & { dishes: [DishKey, DishKey, DishKey] };
  menu: DemoMenuItem[];
}

export const DEMO_COUNTRY = 'Ghana';
export const DEMO_CURRENCY = 'GH₵';

// One line per dish: the table reads as the menu it is.
// prettier-ignore
export const DEMO_RESTAURANTS: DemoRestaurant[] = [
  {
    owner: 'osu-owner',
    name: 'Osu Jollof House',
    description: 'Smoky party jollof cooked over firewood, grilled chicken and the sweetest kelewele on Oxford Street.',
    address: '14 Oxford Street, Osu, Accra',
    phone: '+233 30 277 1401',
    latitude: 5.5563,
    longitude: -0.1823,
    banner: { cloth: '#f3d9b1', pattern: 'checks', dishes: ['jollof-chicken', 'kelewele', 'sobolo'] },
    menu: [
      { name: 'Jollof Rice with Grilled Chicken', description: 'Firewood jollof with a quarter chicken, salad and shito.', price: 6500, category: 'Main Course', dish: 'jollof-chicken' },
      { name: 'Party Jollof with Beef', description: 'Jollof rice with tender beef in tomato stew.', price: 6800, category: 'Main Course', dish: 'jollof-beef' },
      { name: 'Fried Rice with Chicken', description: 'Vegetable fried rice, fried chicken and coleslaw.', price: 6000, category: 'Main Course', dish: 'fried-rice-chicken', options: [
        { name: 'Chicken piece', minChoices: 1, maxChoices: 1, choices: [['Thigh', 0], ['Drumstick', 0], ['Breast', 300]] },
        { name: 'Extras', minChoices: 0, maxChoices: 3, choices: [['Shito', 100], ['Boiled egg', 200], ['Fried plantain', 500, false]] },
      ] },
      { name: 'Spicy Chicken Wings', description: 'Six wings tossed in suya pepper.', price: 3500, category: 'Appetizer', dish: 'chicken-wings', isAvailable: false },
      { name: 'Meat Pie', description: 'Flaky pastry filled with minced beef and vegetables.', price: 1800, category: 'Appetizer', dish: 'meat-pie' },
      { name: 'Kelewele', description: 'Ripe plantain cubes fried with ginger, pepper and groundnuts.', price: 2000, category: 'Sides', dish: 'kelewele' },
      { name: 'Coleslaw', description: 'Crunchy cabbage and carrot in a light dressing.', price: 1500, category: 'Sides', dish: 'coleslaw' },
      { name: 'Bofrot', description: 'Five warm puff-puffs dusted with sugar.', price: 1500, category: 'Dessert', dish: 'bofrot' },
      { name: 'Sobolo', description: 'Chilled hibiscus drink with ginger and cloves.', price: 1200, category: 'Drinks', dish: 'sobolo' },
      { name: 'Pineapple Ginger Juice', description: 'Freshly pressed pineapple with a kick of ginger.', price: 1500, category: 'Drinks', dish: 'pineapple-ginger' },
    ],
  },
  {
    owner: 'legon-owner',
    name: 'Legon Waakye Spot',
    description: 'Waakye on leaves the way Accra loves it: gari, talia, wele, egg and plenty of shito.',
    address: '7 Lagos Avenue, East Legon, Accra',
    phone: '+233 24 555 0511',
    latitude: 5.6351,
    longitude: -0.1562,
    banner: { cloth: '#f2cc8f', pattern: 'dots', dishes: ['waakye-beef', 'waakye-special', 'red-red'] },
    menu: [
      { name: 'Waakye Special', description: 'Waakye with talia, gari, boiled egg, fried fish and shito.', price: 5500, category: 'Main Course', dish: 'waakye-special' },
      { name: 'Waakye with Beef Stew', description: 'Rice and beans with beef stew and shito.', price: 4500, category: 'Main Course', dish: 'waakye-beef' },
      { name: 'Red Red with Plantain', description: 'Black-eyed beans in palm oil stew with fried ripe plantain.', price: 4000, category: 'Main Course', dish: 'red-red' },
      { name: 'Gari Foto', description: 'Gari stirred into tomato and egg stew, with fried fish.', price: 3500, category: 'Main Course', dish: 'gari-foto' },
      { name: 'Boiled Eggs', description: 'Three boiled eggs with a pinch of pepper.', price: 600, category: 'Sides', dish: 'boiled-eggs' },
      { name: 'Fried Plantain', description: 'Sweet ripe plantain, fried golden.', price: 1500, category: 'Sides', dish: 'fried-plantain' },
      { name: 'Asaana', description: 'Caramelised fermented corn drink, served cold.', price: 1000, category: 'Drinks', dish: 'asaana' },
      { name: 'Tiger Nut Milk', description: 'Creamy atadwe drink with dates.', price: 1500, category: 'Drinks', dish: 'tiger-nut' },
    ],
  },
  {
    owner: 'labone-owner',
    name: 'Labone Chop Bar',
    description: 'A proper chop bar: pounded fufu, light soup with goat, banku and tilapia from the grill.',
    address: '22 Ndabaningi Sithole Road, Labone, Accra',
    phone: '+233 20 555 0612',
    latitude: 5.5648,
    longitude: -0.1728,
    minOrderAmount: 5000,
    banner: { cloth: '#f6bd60', pattern: 'stripes', dishes: ['fufu-light-soup', 'banku-tilapia', 'fufu-groundnut-soup'] },
    menu: [
      { name: 'Fufu & Light Soup with Goat', description: 'Pounded cassava and plantain in a peppery tomato soup with goat meat.', price: 7000, category: 'Main Course', dish: 'fufu-light-soup' },
      { name: 'Fufu & Groundnut Soup', description: 'Fufu in rich groundnut soup with chicken.', price: 7000, category: 'Main Course', dish: 'fufu-groundnut-soup' },
      { name: 'Banku & Grilled Tilapia', description: 'Whole grilled tilapia, two balls of banku and hot pepper.', price: 8500, category: 'Main Course', dish: 'banku-tilapia' },
      { name: 'Banku & Okro Stew', description: 'Banku with okro stew, beef and fish.', price: 6000, category: 'Main Course', dish: 'banku-okro' },
      { name: 'Kontomire Stew with Yam', description: 'Cocoyam-leaf stew with egg and boiled yam.', price: 5000, category: 'Main Course', dish: 'kontomire-yam' },
      { name: 'Extra Banku', description: 'Two more balls of banku with pepper.', price: 800, category: 'Sides', dish: 'extra-banku' },
      { name: 'Fruit Salad', description: 'Pineapple, pawpaw, mango and watermelon.', price: 1500, category: 'Dessert', dish: 'fruit-salad' },
      { name: 'Malt Drink', description: 'A cold bottle of malt, poured over ice.', price: 1000, category: 'Drinks', dish: 'malt' },
    ],
  },
  {
    owner: 'airport-owner',
    name: 'Airport Grill & Chichinga',
    description: 'Charcoal-grilled chichinga, tilapia and roasted corn near the Airport Residential roundabout.',
    address: '5 Patrice Lumumba Road, Airport Residential Area, Accra',
    phone: '+233 27 555 0713',
    latitude: 5.6012,
    longitude: -0.1772,
    banner: { cloth: '#3d5a80', pattern: 'stripes', dishes: ['chichinga-beef', 'tilapia-yam-chips', 'grilled-corn'] },
    menu: [
      { name: 'Beef Chichinga', description: 'Two skewers of spiced beef with onion and pepper.', price: 2500, category: 'Appetizer', dish: 'chichinga-beef' },
      { name: 'Chicken Chichinga', description: 'Two skewers of chicken in suya spice.', price: 2500, category: 'Appetizer', dish: 'chichinga-chicken' },
      { name: 'Grilled Tilapia with Yam Chips', description: 'Whole tilapia from the grill with yam chips and shito.', price: 9000, category: 'Main Course', dish: 'tilapia-yam-chips' },
      { name: 'Grilled Chicken & Jollof', description: 'Charcoal chicken with jollof rice.', price: 7000, category: 'Main Course', dish: 'jollof-chicken' },
      { name: 'Yam Chips with Shito', description: 'Crisp yam chips with black pepper sauce.', price: 2000, category: 'Sides', dish: 'yam-chips-shito' },
      { name: 'Roasted Corn', description: 'Two cobs roasted over charcoal.', price: 1000, category: 'Sides', dish: 'grilled-corn' },
      { name: 'Coconut Ice Cream', description: 'Three scoops: coconut, chocolate and vanilla.', price: 2000, category: 'Dessert', dish: 'ice-cream' },
      { name: 'Fresh Coconut', description: 'A green coconut, opened for you.', price: 1200, category: 'Drinks', dish: 'coconut-water' },
      { name: 'Sobolo', description: 'Chilled hibiscus drink with ginger.', price: 1200, category: 'Drinks', dish: 'sobolo' },
    ],
  },
  {
    owner: 'spintex-owner',
    name: 'Spintex Kenkey Palace',
    description: 'Ga and Fante kenkey with fried fish, hot pepper and shito, plus kelewele after dark.',
    address: 'Community 18 Junction, Spintex Road, Accra',
    phone: '+233 55 555 0814',
    latitude: 5.6372,
    longitude: -0.1003,
    banner: { cloth: '#fefae0', pattern: 'checks', dishes: ['kenkey-fish', 'kenkey-tilapia', 'kelewele'] },
    menu: [
      { name: 'Ga Kenkey with Fried Fish', description: 'Kenkey, two fried fish, pepper, onions and shito.', price: 4500, category: 'Main Course', dish: 'kenkey-fish' },
      { name: 'Fante Kenkey with Grilled Tilapia', description: 'Fante kenkey with a grilled tilapia and hot pepper.', price: 7500, category: 'Main Course', dish: 'kenkey-tilapia' },
      { name: 'Kenkey with Fried Chicken', description: 'Kenkey, fried chicken and pepper sauce.', price: 5000, category: 'Main Course', dish: 'kenkey-chicken' },
      { name: 'Kelewele', description: 'Spicy fried plantain cubes.', price: 1800, category: 'Sides', dish: 'kelewele' },
      { name: 'Roasted Plantain & Groundnuts', description: 'Roasted ripe plantain with a handful of groundnuts.', price: 1500, category: 'Sides', dish: 'roasted-plantain-groundnuts' },
      { name: 'Chin Chin', description: 'Crunchy fried dough bites.', price: 1000, category: 'Dessert', dish: 'chin-chin' },
      { name: 'Bofrot', description: 'Puff-puffs, warm from the pot.', price: 1200, category: 'Dessert', dish: 'bofrot' },
      { name: 'Asaana', description: 'Cold caramel corn drink.', price: 1000, category: 'Drinks', dish: 'asaana' },
      { name: 'Pineapple Ginger Juice', description: 'Fresh pineapple and ginger.', price: 1500, category: 'Drinks', dish: 'pineapple-ginger' },
    ],
  },
];
