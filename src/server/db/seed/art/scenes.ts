import { seededRandom, seedOf } from '../random.js';
import { DISHES, scatter, type DishKey } from './dishes.js';
import { kenteBand, tableCloth, type Pattern } from './tableware.js';
import { group, n, svgDocument } from './svg.js';

const DISH_WIDTH = 400;
const DISH_HEIGHT = 300;

/** One dish, drawn in its own 400×300 frame and moved into place. */
function dishAt(key: DishKey, cx: number, cy: number, scale: number) {
  const art = DISHES[key].draw(seededRandom(seedOf(key)));
  return group(`translate(${n(cx - (DISH_WIDTH / 2) * scale)} ${n(cy - (DISH_HEIGHT / 2) * scale)}) scale(${scale})`, art);
}

/** A menu item photo: the dish on its table cloth, 4:3. */
export function dishSvg(key: DishKey, width = 640) {
  const dish = DISHES[key];
  const body = tableCloth(DISH_WIDTH, DISH_HEIGHT, dish.cloth, dish.pattern) + dishAt(key, DISH_WIDTH / 2, DISH_HEIGHT / 2, 1);
  return svgDocument(width, Math.round((width * DISH_HEIGHT) / DISH_WIDTH), `0 0 ${DISH_WIDTH} ${DISH_HEIGHT}`, body);
}

export interface Spread {
  cloth: string;
  pattern: Pattern;
  dishes: { key: DishKey; x: number; y: number; scale: number }[];
  /** Where chilies and leaves are scattered between the plates. */
  accents?: [number, number][];
}

/** A table seen from above with several dishes and a kente band: restaurant banners and carousel slides. */
export function spreadSvg(spread: Spread, width: number, height: number) {
  const random = seededRandom(seedOf(spread.dishes.map((d) => d.key).join()));
  const body =
    tableCloth(width, height, spread.cloth, spread.pattern) +
    kenteBand(0, height - 34, width, 34) +
    (spread.accents ?? []).map(([x, y]) => scatter(random, x, y)).join('') +
    spread.dishes.map((d) => dishAt(d.key, d.x, d.y, d.scale)).join('');
  return svgDocument(width, height, `0 0 ${width} ${height}`, body);
}
