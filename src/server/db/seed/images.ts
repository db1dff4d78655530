import type { Bucket } from '@shared/storage/buckets.js';
import type { PreparedImage } from '../../storage/images.js';
import type { StorageService } from '../../storage/service.js';
import type { DishKey } from './art/dishes.js';
import { avatarSvg, licenceSvg, motorbikeSvg, nationalIdSvg } from './art/people.js';
import { svgToPng } from './art/render.js';
import { dishSvg, spreadSvg } from './art/scenes.js';
import { DEMO_PEOPLE, ROLE_ACCOUNTS, type PersonKey } from './people.js';
import type { DemoRestaurant } from './restaurants.js';

export interface DemoImages {
  avatars: Map<PersonKey, PreparedImage>;
  driver: { driversLicense: PreparedImage; nationalId: PreparedImage; vehicleImage: PreparedImage };
  /** One banner per restaurant, in order. */
  banners: PreparedImage[];
  /** Per restaurant, one photo per menu item, in menu order. */
  dishes: PreparedImage[][];
  all(): PreparedImage[];
}

/** Three plates on a table, the middle one largest and on top. */
const bannerLayout = (dishes: DemoRestaurant['banner']['dishes']) => [
  { key: dishes[1], x: 250, y: 290, scale: 1.35 },
  { key: dishes[2], x: 960, y: 280, scale: 1.35 },
  { key: dishes[0], x: 610, y: 300, scale: 1.5 },
];

/**
 * Draws every demo picture and runs it through the same checks and re-encoding as an upload.
 * Nothing is written yet: the caller saves the images inside its transaction.
 */
export async function prepareDemoImages(storage: StorageService, restaurants: readonly DemoRestaurant[]): Promise<DemoImages> {
  const prepare = async (bucket: Bucket, svg: string) => storage.prepare(bucket, await svgToPng(svg));

  const dishPhotos = new Map<DishKey, Promise<Buffer>>();
  const dishPhoto = (key: DishKey) => {
    if (!dishPhotos.has(key)) dishPhotos.set(key, svgToPng(dishSvg(key)));
    return dishPhotos.get(key)!;
  };

  const driverLook = ROLE_ACCOUNTS.find((person) => person.role === 'driver')!.look;
  const [avatarList, driversLicense, nationalId, vehicleImage, banners, dishes] = await Promise.all([
    Promise.all(DEMO_PEOPLE.map((person) => prepare('profile-pictures', avatarSvg(person.look)))),
    prepare('driver-licenses', licenceSvg(driverLook)),
    prepare('national-ids', nationalIdSvg(driverLook)),
    prepare('vehicle-images', motorbikeSvg()),
    Promise.all(
      restaurants.map(({ banner }) =>
        prepare(
          'food-images',
          spreadSvg(
            {
              ...banner,
              dishes: bannerLayout(banner.dishes),
              accents: [
                [70, 70],
                [1110, 470],
                [590, 40],
              ],
            },
            1200,
            600,
          ),
        ),
      ),
    ),
    Promise.all(
      restaurants.map(({ menu }) =>
        Promise.all(menu.map(async ({ dish }) => storage.prepare('food-images', await dishPhoto(dish)))),
      ),
    ),
  ]);

  const avatars = new Map(DEMO_PEOPLE.map((person, i) => [person.key, avatarList[i]!]));
  const driver = { driversLicense, nationalId, vehicleImage };
  return {
    avatars,
    driver,
    banners,
    dishes,
    all: () => [...avatars.values(), ...Object.values(driver), ...banners, ...dishes.flat()],
  };
}
