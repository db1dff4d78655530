import type { OptionGroup } from './options.js';

/** The issue's own example: Protein, required, choose one (Chicken, Fish +5.00, Beef +5.00, Beef sold out). */
export const PROTEIN: OptionGroup = {
  id: '7a1c0e2d-0001-4c3b-8a9d-000000000001',
  name: 'Protein',
  minChoices: 1,
  maxChoices: 1,
  choices: [
    { id: '7a1c0e2d-0001-4c3b-8a9d-0000000000c1', name: 'Chicken', priceDelta: 0, isAvailable: true },
    { id: '7a1c0e2d-0001-4c3b-8a9d-0000000000f1', name: 'Fish', priceDelta: 500, isAvailable: true },
    { id: '7a1c0e2d-0001-4c3b-8a9d-0000000000b1', name: 'Beef', priceDelta: 500, isAvailable: false },
  ],
};

/** Extras, optional, up to two (Shito +1.00, Egg +2.00). */
export const EXTRAS: OptionGroup = {
  id: '7a1c0e2d-0002-4c3b-8a9d-000000000002',
  name: 'Extras',
  minChoices: 0,
  maxChoices: 2,
  choices: [
    { id: '7a1c0e2d-0002-4c3b-8a9d-0000000000a1', name: 'Shito', priceDelta: 100, isAvailable: true },
    { id: '7a1c0e2d-0002-4c3b-8a9d-0000000000e1', name: 'Egg', priceDelta: 200, isAvailable: true },
  ],
};
