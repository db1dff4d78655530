import { describe, expect, it } from 'vitest';
import { EXTRAS, PROTEIN } from './testChoices.js';
import {
  cartLineKey,
  choiceLabel,
  groupRuleLabel,
  OPTION_MESSAGES,
  optionGroupsFormSchema,
  resolveChoices,
  type OptionGroup,
} from './options.js';

const protein = PROTEIN;
const extras = EXTRAS;
const id = (group: OptionGroup, name: string) => group.choices.find((choice) => choice.name === name)!.id;

describe('resolveChoices', () => {
  it('prices the picked choices and returns them in the dish order, whatever order they were sent in', () => {
    expect(resolveChoices('Jollof', [protein, extras], [id(extras, 'Egg'), id(protein, 'Fish'), id(extras, 'Shito')])).toEqual({
      ok: true,
      extra: 800,
      choices: [
        { group: 'Protein', name: 'Fish', priceDelta: 500 },
        { group: 'Extras', name: 'Shito', priceDelta: 100 },
        { group: 'Extras', name: 'Egg', priceDelta: 200 },
      ],
    });
  });

  it.each([
    ['no protein', [], 'Choose one for Protein'],
    ['two proteins', ['Chicken', 'Fish'], 'Choose one for Protein'],
    ['an unavailable choice', ['Beef'], OPTION_MESSAGES.soldOut('Jollof', 'Beef')],
  ])('refuses %s, saying which rule', (_case, names, message) => {
    const picked = names.map((name) => id(protein, name));
    expect(resolveChoices('Jollof', [protein, extras], picked)).toMatchObject({ ok: false, message });
  });

  it('refuses more extras than allowed and ids the dish does not offer', () => {
    const tooMany = [id(protein, 'Fish'), ...extras.choices.map((choice) => choice.id)];
    expect(resolveChoices('Jollof', [protein, { ...extras, maxChoices: 1 }], tooMany)).toMatchObject({
      ok: false,
      group: extras.id,
      message: 'Choose at most 1 for Extras',
    });
    expect(resolveChoices('Jollof', [extras], [id(protein, 'Fish')])).toMatchObject({
      ok: false,
      message: OPTION_MESSAGES.notOffered('Jollof'),
    });
  });

  it('takes a dish without groups with no choices', () => {
    expect(resolveChoices('Kelewele', [], [])).toEqual({ ok: true, choices: [], extra: 0 });
  });
});

describe('the words and keys of choices', () => {
  it('says each group rule and each price change as customers read them', () => {
    expect(groupRuleLabel(protein)).toBe('Required · choose 1');
    expect(groupRuleLabel(extras)).toBe('Optional · up to 2');
    expect(groupRuleLabel({ minChoices: 1, maxChoices: 3 })).toBe('Required · choose 1 to 3');
    expect(choiceLabel(protein.choices[1]!, 'GH₵')).toBe('Fish +GH₵5.00');
    expect(choiceLabel(protein.choices[0]!, 'GH₵')).toBe('Chicken');
  });

  it('keys a cart line by its dish and its choices in any order', () => {
    expect(cartLineKey('dish', ['b', 'a'])).toBe(cartLineKey('dish', ['a', 'b']));
    expect(cartLineKey('dish', ['a'])).not.toBe(cartLineKey('dish', []));
  });
});

describe('optionGroupsFormSchema', () => {
  it('reads typed counts and price changes as integers, an empty price change as none', () => {
    const [group] = optionGroupsFormSchema.parse([
      {
        name: 'Protein',
        minChoices: '1',
        maxChoices: ' 1 ',
        choices: [
          { name: 'Fish', priceDelta: '5.5' },
          { name: 'Chicken', priceDelta: '' },
        ],
      },
    ]);
    expect(group).toMatchObject({
      minChoices: 1,
      maxChoices: 1,
      choices: [{ priceDelta: 550, isAvailable: true }, { priceDelta: 0 }],
    });
  });

  it('refuses the same id on two choices', () => {
    const choice = { id: protein.choices[0]!.id, name: 'Fish', priceDelta: '' };
    const result = optionGroupsFormSchema.safeParse([
      { name: 'Protein', minChoices: 0, maxChoices: 1, choices: [choice, { ...choice, name: 'Chicken' }] },
    ]);
    expect(result.error?.issues[0]?.message).toBe(OPTION_MESSAGES.duplicateId);
  });

  it('refuses two choices of a group, or two groups of a dish, of one name, letter case and spaces aside, under the repeat', () => {
    const group = (name: string, choices: string[]) => ({
      name,
      minChoices: 0,
      maxChoices: 1,
      choices: choices.map((choice) => ({ name: choice, priceDelta: '' })),
    });
    const choices = optionGroupsFormSchema.safeParse([group('Protein', ['Fish', 'Chicken', ' fish '])]);
    expect(choices.error?.issues).toEqual([
      expect.objectContaining({ path: [0, 'choices', 2, 'name'], message: OPTION_MESSAGES.choiceNameTwice }),
    ]);
    const groups = optionGroupsFormSchema.safeParse([group('Extras', ['Egg']), group('EXTRAS', ['Egg'])]);
    expect(groups.error?.issues).toEqual([
      expect.objectContaining({ path: [1, 'name'], message: OPTION_MESSAGES.groupNameTwice }),
    ]);
    expect(optionGroupsFormSchema.safeParse([group('Protein', ['Fish']), group('Extras', ['Fish'])]).success).toBe(true);
  });

  it("says a group's least over its most, and a repeated choice, while a choice still has no name: every problem at once", () => {
    const result = optionGroupsFormSchema.safeParse([
      {
        name: 'Protein',
        minChoices: '2',
        maxChoices: '1',
        choices: [
          { name: '', priceDelta: '' },
          { name: 'Fish', priceDelta: '' },
          { name: 'fish', priceDelta: '' },
        ],
      },
    ]);
    expect(result.error?.issues.map(({ path, message }) => ({ path, message }))).toEqual([
      { path: [0, 'choices', 0, 'name'], message: 'Name the choice, such as Chicken' },
      { path: [0, 'minChoices'], message: OPTION_MESSAGES.minOverMax },
      { path: [0, 'choices', 2, 'name'], message: OPTION_MESSAGES.choiceNameTwice },
    ]);
  });

  it('leaves the group rules out while a count or the list of choices cannot be read, and never fails on what is not a choice', () => {
    const unreadable = optionGroupsFormSchema.safeParse([
      { name: 'Protein', minChoices: 'two', maxChoices: '1', choices: [{ name: 'Fish', priceDelta: '' }] },
    ]);
    expect(unreadable.error?.issues.map(({ path }) => path)).toEqual([[0, 'minChoices']]);
    const odd = optionGroupsFormSchema.safeParse([{ name: 'Protein', minChoices: 0, maxChoices: 1, choices: [null, 5] }]);
    expect(odd.error?.issues.map(({ path }) => path)).toEqual([
      [0, 'choices', 0],
      [0, 'choices', 1],
    ]);
  });
});
