import { randomUUID } from 'node:crypto';
import type { OptionGroup } from '../../src/shared/menu/options.js';

/** The dish: Protein, required, choose one (Chicken, Fish +5.00, Beef +5.00); Extras, up to three (Shito +1.00, Egg +2.00, Wele +3.00). */
export function jollofChoices(): OptionGroup[] {
  const choice = (name: string, priceDelta: number) => ({ id: randomUUID(), name, priceDelta, isAvailable: true });
  return [
    {
      id: randomUUID(),
      name: 'Protein',
      minChoices: 1,
      maxChoices: 1,
      choices: [choice('Chicken', 0), choice('Fish', 500), choice('Beef', 500)],
    },
    {
      id: randomUUID(),
      name: 'Extras',
      minChoices: 0,
      maxChoices: 3,
      choices: [choice('Shito', 100), choice('Egg', 200), choice('Wele', 300)],
    },
  ];
}

/** Choices a customer might pick: between each group's least and most, at random. */
export function randomChoiceIds(groups: readonly OptionGroup[]): string[] {
  return groups.flatMap((group) => {
    const count = group.minChoices + Math.floor(Math.random() * (group.maxChoices - group.minChoices + 1));
    return [...group.choices]
      .sort(() => Math.random() - 0.5)
      .slice(0, count)
      .map((choice) => choice.id);
  });
}
