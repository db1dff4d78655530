import { z } from 'zod';
import { requiredText, uuidSchema } from '../fields.js';
import { formatMoney, toMajorString } from '../money.js';
import { priceField } from './price.js';

export const MAX_OPTION_GROUPS = 10;
export const MAX_GROUP_CHOICES = 20;

export const OPTION_MESSAGES = {
  groupName: 'Name the group of choices, such as Protein',
  choiceName: 'Name the choice, such as Chicken',
  noChoices: 'A group needs at least one choice',
  tooManyGroups: `A dish can have at most ${MAX_OPTION_GROUPS} groups of choices`,
  tooManyChoices: `A group can have at most ${MAX_GROUP_CHOICES} choices`,
  minOverMax: 'The least number of choices cannot be more than the most',
  maxOverChoices: 'A group cannot ask for more choices than it offers',
  count: `Enter a whole number from 0 to ${MAX_GROUP_CHOICES}`,
  maxAtLeastOne: 'The most number of choices must be at least 1',
  duplicateId: 'Each group and choice needs its own id',
  duplicateChoice: 'Each choice may be picked once',
  groupNameTwice: 'Each group of a dish needs its own name',
  choiceNameTwice: 'Each choice of a group needs its own name',
  tooManyPicked: `A dish can have at most ${MAX_OPTION_GROUPS * MAX_GROUP_CHOICES} choices picked`,
  notOffered: (dish: string) => `Some choices are no longer offered for ${dish}. Please pick again.`,
  soldOut: (dish: string, choices: string) => `Not available for ${dish} now: ${choices}. Please pick again.`,
  pickAtLeast: (group: string, least: number) => `Choose ${least === 1 ? 'one' : `at least ${least}`} for ${group}`,
  pickExactly: (group: string, count: number) => `Choose ${count === 1 ? 'one' : count} for ${group}`,
  pickAtMost: (group: string, most: number) => `Choose at most ${most} for ${group}`,
} as const;

/** One choice of a group as stored and served: its price change in minor units, and whether it can be had now. */
const optionChoiceSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  priceDelta: z.number().int(),
  isAvailable: z.boolean(),
});
export type OptionChoice = z.infer<typeof optionChoiceSchema>;

/** A group of choices: required when minChoices is at least 1. */
export const optionGroupSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  minChoices: z.number().int(),
  maxChoices: z.number().int(),
  choices: z.array(optionChoiceSchema),
});
export type OptionGroup = z.infer<typeof optionGroupSchema>;

const countField = z
  .union([z.number(), z.string().max(3, OPTION_MESSAGES.count)], { message: OPTION_MESSAGES.count })
  .transform((value, ctx) => {
    const count = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);
    if (Number.isInteger(count) && count >= 0 && count <= MAX_GROUP_CHOICES) return count;
    ctx.addIssue({ code: 'custom', message: OPTION_MESSAGES.count });
    return z.NEVER;
  });

/** An id the form keeps for a group or choice it loaded; a new one gets its id from the server. */
const keptId = uuidSchema(OPTION_MESSAGES.duplicateId).optional();

const optionChoiceFormSchema = z.object({
  id: keptId,
  name: requiredText(80, OPTION_MESSAGES.choiceName),
  /** Typed as '5.00'; empty: nothing more. */
  priceDelta: priceField('0'),
  isAvailable: z.boolean().default(true),
});

/** Flags each name that repeats an earlier one of the list (letter case and spaces aside), under `path(index)`. */
function flagRepeatedNames(names: unknown[], ctx: z.RefinementCtx, path: (index: number) => PropertyKey[], message: string) {
  const seen = new Set<string>();
  names.forEach((name, index) => {
    // A missing name, or one that is not text, is refused under its own field already.
    const key = typeof name === 'string' ? name.trim().toLowerCase() : '';
    if (key === '') return;
    if (seen.has(key)) ctx.addIssue({ code: 'custom', path: path(index), message });
    seen.add(key);
  });
}

/**
 * A group's rules run even while another of its fields is refused (a choice without a name), so the
 * owner hears every problem at once, but only once what they read was read: the two counts and the
 * list of choices.
 */
const groupRulesReadable = {
  when: ({ issues }: { issues: readonly { path?: readonly PropertyKey[] }[] }) =>
    issues.every(
      ({ path = [] }) =>
        path.length > 1 || (path.length === 1 && !['minChoices', 'maxChoices', 'choices'].includes(String(path[0]))),
    ),
};

const optionGroupFormSchema = z
  .object({
    id: keptId,
    name: requiredText(80, OPTION_MESSAGES.groupName),
    minChoices: countField,
    maxChoices: countField,
    choices: z
      .array(optionChoiceFormSchema)
      .min(1, OPTION_MESSAGES.noChoices)
      .max(MAX_GROUP_CHOICES, OPTION_MESSAGES.tooManyChoices),
  })
  .superRefine((group, ctx) => {
    if (group.maxChoices < 1) ctx.addIssue({ code: 'custom', path: ['maxChoices'], message: OPTION_MESSAGES.maxAtLeastOne });
    else if (group.minChoices > group.maxChoices)
      ctx.addIssue({ code: 'custom', path: ['minChoices'], message: OPTION_MESSAGES.minOverMax });
    else if (group.maxChoices > group.choices.length)
      ctx.addIssue({ code: 'custom', path: ['maxChoices'], message: OPTION_MESSAGES.maxOverChoices });
    const names = group.choices.map((choice: unknown) => (choice as { name?: unknown } | null)?.name);
    flagRepeatedNames(names, ctx, (index) => ['choices', index, 'name'], OPTION_MESSAGES.choiceNameTwice);
  }, groupRulesReadable);

/** The option groups of the item dialog and of a menu item's create and update calls. */
export const optionGroupsFormSchema = z
  .array(optionGroupFormSchema)
  .max(MAX_OPTION_GROUPS, OPTION_MESSAGES.tooManyGroups)
  .default([])
  .superRefine((groups, ctx) =>
    flagRepeatedNames(
      groups.map((group) => group.name),
      ctx,
      (index) => [index, 'name'],
      OPTION_MESSAGES.groupNameTwice,
    ),
  )
  .refine(
    (groups) => {
      const ids = groups.flatMap((group) => [group.id, ...group.choices.map((choice) => choice.id)]).filter(Boolean);
      return new Set(ids).size === ids.length;
    },
    { message: OPTION_MESSAGES.duplicateId },
  );
export type OptionGroupsInput = z.output<typeof optionGroupsFormSchema>;
export type OptionGroupFormInput = z.input<typeof optionGroupFormSchema>;

/** Every group and choice with an id: the ones the form kept, a new one for each added. */
export const withOptionIds = (groups: OptionGroupsInput, newId: () => string): OptionGroup[] =>
  groups.map((group) => ({
    id: group.id ?? newId(),
    name: group.name,
    minChoices: group.minChoices,
    maxChoices: group.maxChoices,
    choices: group.choices.map((choice) => ({
      id: choice.id ?? newId(),
      name: choice.name,
      priceDelta: choice.priceDelta,
      isAvailable: choice.isAvailable,
    })),
  }));

/** Groups (stored, or checked by the dialog) as the dialog's text values: price changes as '5.00', never a float. */
export const optionGroupsFormValues = (groups: OptionGroupsInput) =>
  groups.map((group) => ({
    id: group.id,
    name: group.name,
    minChoices: String(group.minChoices),
    maxChoices: String(group.maxChoices),
    choices: group.choices.map((choice) => ({
      id: choice.id,
      name: choice.name,
      priceDelta: toMajorString(choice.priceDelta),
      isAvailable: choice.isAvailable,
    })),
  }));

/** A choice as an order line keeps it: its group's name, its own and its price change then. */
export const chosenOptionSchema = z.object({ group: z.string(), name: z.string(), priceDelta: z.number().int() });
export type ChosenOption = z.infer<typeof chosenOptionSchema>;

export type ChoiceResult = { ok: true; choices: ChosenOption[]; extra: number } | { ok: false; message: string; group?: string };

const NONE_SOLD_OUT: ReadonlySet<string> = new Set();

/**
 * The rules of a dish's choices, the same for the customer's sheet and for the server's words on a
 * refused cart (the checkout's SQL holds the same rules): every picked id a choice of this dish,
 * available and not sold out for today (`soldOutIds`), and each group between its least and most. The choices come back in the dish's order.
 */
export function resolveChoices(
  dish: string,
  groups: OptionGroup[],
  choiceIds: readonly string[],
  soldOutIds: ReadonlySet<string> = NONE_SOLD_OUT,
): ChoiceResult {
  // One pass over the dish's choices, without a closure per call: checkout runs this for every
  // line of every order it prices from a kept menu (bench/checkout.bench.ts).
  const picked = new Set(choiceIds);
  const choices: ChosenOption[] = [];
  const soldOut: string[] = [];
  let extra = 0;
  let outsideItsRule: OptionGroup | undefined;
  for (const group of groups) {
    let count = 0;
    for (const choice of group.choices) {
      if (!picked.has(choice.id)) continue;
      count += 1;
      if (!choice.isAvailable || soldOutIds.has(choice.id)) soldOut.push(choice.name);
      choices.push({ group: group.name, name: choice.name, priceDelta: choice.priceDelta });
      extra += choice.priceDelta;
    }
    if (!outsideItsRule && (count < group.minChoices || count > group.maxChoices)) outsideItsRule = group;
  }
  // Choice ids are unique within a dish (optionGroupsFormSchema), so each known pick was counted once.
  if (choices.length < picked.size) return { ok: false, message: OPTION_MESSAGES.notOffered(dish) };
  if (soldOut.length > 0) return { ok: false, message: OPTION_MESSAGES.soldOut(dish, soldOut.join(', ')) };
  if (outsideItsRule) return { ok: false, group: outsideItsRule.id, message: choiceCountMessage(outsideItsRule) };
  return { ok: true, choices, extra };
}

/** What a group asks of the customer, in words: 'Choose one for Protein', 'Choose at most 3 for Extras'. */
function choiceCountMessage(group: Pick<OptionGroup, 'name' | 'minChoices' | 'maxChoices'>): string {
  if (group.minChoices === group.maxChoices) return OPTION_MESSAGES.pickExactly(group.name, group.minChoices);
  if (group.minChoices > 0) return OPTION_MESSAGES.pickAtLeast(group.name, group.minChoices);
  return OPTION_MESSAGES.pickAtMost(group.name, group.maxChoices);
}

/** A group's rule as a short hint beside its name: 'Required · choose 1', 'Optional · up to 3'. */
export function groupRuleLabel(group: Pick<OptionGroup, 'minChoices' | 'maxChoices'>): string {
  if (group.minChoices === 0) return `Optional · up to ${group.maxChoices}`;
  if (group.minChoices === group.maxChoices) return `Required · choose ${group.minChoices}`;
  return `Required · choose ${group.minChoices} to ${group.maxChoices}`;
}

/** A choice with its price change: 'Fish +GH₵5.00'; no sign when it costs nothing more. */
export const choiceLabel = (choice: Pick<OptionChoice, 'name' | 'priceDelta'>, currencySymbol: string): string =>
  choice.priceDelta > 0 ? `${choice.name} +${formatMoney(choice.priceDelta, currencySymbol)}` : choice.name;

/** The choices of an order or cart line in one line of text: 'Fish, Shito, Egg'. */
export const chosenOptionsText = (choices: readonly Pick<ChosenOption, 'name'>[]): string =>
  choices.map((choice) => choice.name).join(', ');

/** A line by its dish and the choices that made it, to tell two lines of one dish apart: 'Jollof (Fish, Egg)'. */
export const lineName = (line: { name: string; choices: readonly Pick<ChosenOption, 'name'>[] }): string =>
  line.choices.length > 0 ? `${line.name} (${chosenOptionsText(line.choices)})` : line.name;

/** The same dish with the same choices is one cart line; other choices make another. */
export const cartLineKey = (menuItemId: string, choiceIds: readonly string[]): string =>
  [menuItemId, ...[...choiceIds].sort()].join('+');
