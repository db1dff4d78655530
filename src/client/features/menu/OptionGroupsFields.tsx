import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Controller, useFieldArray, useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { groupRuleLabel, MAX_GROUP_CHOICES, MAX_OPTION_GROUPS, type OptionGroupFormInput } from '@shared/menu/options.js';
import type { MenuItemFormInput, MenuItemInput } from '@shared/menu/schemas.js';
import { Button } from '@/components/ui/button.js';
import { FieldError } from '@/components/ui/form-field.js';
import { Input } from '@/components/ui/input.js';
import { Label } from '@/components/ui/label.js';
import { Switch } from '@/components/ui/switch.js';

type GroupError = NonNullable<FieldErrors<MenuItemFormInput>['optionGroups']>[number];
type ChoiceError = NonNullable<NonNullable<GroupError>['choices']>[number];

interface FormParts {
  control: Control<MenuItemFormInput, unknown, MenuItemInput>;
  register: UseFormRegister<MenuItemFormInput>;
}

const newChoice = () => ({ name: '', priceDelta: '', isAvailable: true });
const newGroup = (): OptionGroupFormInput => ({ name: '', minChoices: '1', maxChoices: '1', choices: [newChoice()] });

/** A typed least or most number of choices, or null while it is not one the form takes. */
function countOf(value: string | number): number | null {
  const text = String(value).trim();
  const count = Number(text);
  return text !== '' && Number.isInteger(count) && count >= 0 && count <= MAX_GROUP_CHOICES ? count : null;
}

/** 'Required · choose 1' once both numbers make a rule; nothing while they do not. */
function ruleOf(group: Pick<OptionGroupFormInput, 'minChoices' | 'maxChoices'>): string | null {
  const minChoices = countOf(group.minChoices);
  const maxChoices = countOf(group.maxChoices);
  if (minChoices === null || maxChoices === null || maxChoices < 1 || minChoices > maxChoices) return null;
  return groupRuleLabel({ minChoices, maxChoices });
}

/** Focuses the element with this id once React has drawn the change, when it exists again. */
function useFocusAfterRender() {
  const pending = useRef<string | null>(null);
  useEffect(() => {
    if (pending.current) document.getElementById(pending.current)?.focus();
    pending.current = null;
  });
  return (id: string) => {
    pending.current = id;
  };
}

interface ChoiceFieldsProps extends FormParts {
  id: string;
  groupIndex: number;
  index: number;
  /** The group as a screen reader hears it: its name, or 'group 2' while it has none. */
  groupTitle: string;
  choiceName: string;
  errors: ChoiceError;
  onRemove: () => void;
}

function ChoiceFields({ id, control, register, groupIndex, index, groupTitle, choiceName, errors, onRemove }: ChoiceFieldsProps) {
  const path = `optionGroups.${groupIndex}.choices.${index}` as const;
  const which = `${index + 1} of ${groupTitle}`;
  const nameError = errors?.name?.message;
  const priceError = errors?.priceDelta?.message;
  return (
    <li className="grid gap-2 py-3">
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-name`}>
          Choice name <span className="sr-only">{which}</span>
          <span aria-hidden>*</span>
        </Label>
        <Input
          id={`${id}-name`}
          autoComplete="off"
          aria-required
          aria-invalid={nameError ? true : undefined}
          aria-describedby={`${id}-name-error`}
          {...register(`${path}.name`)}
        />
        <FieldError id={`${id}-name-error`} message={nameError} />
      </div>
      <div className="flex flex-wrap items-end gap-x-2 gap-y-2">
        <div className="grid w-24 gap-1.5">
          <Label htmlFor={`${id}-price`}>
            Extra price <span className="sr-only">for choice {which}</span>
          </Label>
          <Input
            id={`${id}-price`}
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            aria-invalid={priceError ? true : undefined}
            aria-describedby={`${id}-price-error`}
            {...register(`${path}.priceDelta`)}
          />
        </div>
        <Controller
          control={control}
          name={`${path}.isAvailable`}
          render={({ field }) => (
            <div className="flex items-center gap-2">
              <Switch
                ref={field.ref}
                id={`${id}-available`}
                checked={field.value}
                onCheckedChange={field.onChange}
                onBlur={field.onBlur}
              />
              <Label htmlFor={`${id}-available`}>
                Available<span className="sr-only">, choice {which}</span>
              </Label>
            </div>
          )}
        />
        <Button
          variant="ghost"
          size="icon"
          className="ml-auto text-destructive"
          aria-label={`Remove choice ${choiceName.trim() || index + 1} from ${groupTitle}`}
          onClick={onRemove}
        >
          <Trash2 aria-hidden />
        </Button>
      </div>
      <FieldError id={`${id}-price-error`} message={priceError} />
    </li>
  );
}

interface GroupFieldsProps extends FormParts {
  id: string;
  index: number;
  errors: GroupError;
  onRemove: () => void;
}

function GroupFields({ id, control, register, index, errors, onRemove }: GroupFieldsProps) {
  const path = `optionGroups.${index}` as const;
  const { fields, append, remove } = useFieldArray({ control, name: `${path}.choices` });
  const [name = '', minChoices = '', maxChoices = '', choices = []] = useWatch({
    control,
    name: [`${path}.name`, `${path}.minChoices`, `${path}.maxChoices`, `${path}.choices`],
  });
  const focusAfterRender = useFocusAfterRender();
  const groupTitle = name.trim() || `group ${index + 1}`;
  const rule = ruleOf({ minChoices, maxChoices });
  const countErrors = { min: errors?.minChoices?.message, max: errors?.maxChoices?.message };
  const choicesError = errors?.choices?.root?.message ?? errors?.choices?.message;

  return (
    <fieldset className="grid min-w-0 gap-3">
      <legend className="mb-3 text-sm font-semibold">Group {index + 1}</legend>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-name`}>
          Group name<span className="sr-only">, group {index + 1}</span>
          <span aria-hidden>*</span>
        </Label>
        <Input
          id={`${id}-name`}
          autoComplete="off"
          placeholder="e.g. Protein, Extras"
          aria-required
          aria-invalid={errors?.name ? true : undefined}
          aria-describedby={`${id}-name-error`}
          {...register(`${path}.name`)}
        />
        <FieldError id={`${id}-name-error`} message={errors?.name?.message} />
      </div>
      <div className="grid grid-cols-2 gap-3">
        {(
          [
            ['min', 'Least choices', 'minChoices'],
            ['max', 'Most choices', 'maxChoices'],
          ] as const
        ).map(([edge, label, key]) => (
          <div key={edge} className="grid gap-1.5">
            <Label htmlFor={`${id}-${edge}`}>
              {label} <span className="sr-only">for {groupTitle}</span>
            </Label>
            <Input
              id={`${id}-${edge}`}
              type="number"
              inputMode="numeric"
              min={0}
              max={MAX_GROUP_CHOICES}
              step={1}
              aria-invalid={countErrors[edge] ? true : undefined}
              aria-describedby={`${id}-rule ${id}-${edge}-error`}
              {...register(`${path}.${key}`)}
            />
            <FieldError id={`${id}-${edge}-error`} message={countErrors[edge]} />
          </div>
        ))}
        <p id={`${id}-rule`} aria-live="polite" className="col-span-full text-sm text-muted-foreground">
          {rule}
        </p>
      </div>
      {fields.length > 0 && (
        <ul className="grid divide-y border-y" aria-label={`Choices of ${groupTitle}`}>
          {fields.map((field, choiceIndex) => (
            <ChoiceFields
              key={field.id}
              id={`${id}-${field.id}`}
              control={control}
              register={register}
              groupIndex={index}
              index={choiceIndex}
              groupTitle={groupTitle}
              choiceName={choices[choiceIndex]?.name ?? ''}
              errors={errors?.choices?.[choiceIndex]}
              onRemove={() => {
                focusAfterRender(`${id}-add-choice`);
                remove(choiceIndex);
              }}
            />
          ))}
        </ul>
      )}
      <FieldError id={`${id}-choices-error`} message={choicesError} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        {fields.length < MAX_GROUP_CHOICES ? (
          <Button id={`${id}-add-choice`} variant="outline" size="sm" onClick={() => append(newChoice())}>
            <Plus aria-hidden />
            Add a choice <span className="sr-only">to {groupTitle}</span>
          </Button>
        ) : (
          <p className="text-sm text-muted-foreground">At most {MAX_GROUP_CHOICES} choices in a group.</p>
        )}
        <Button variant="ghost" size="sm" className="text-destructive" onClick={onRemove}>
          <Trash2 aria-hidden />
          Remove group <span className="sr-only">{name.trim() || index + 1}</span>
        </Button>
      </div>
    </fieldset>
  );
}

interface OptionGroupsFieldsProps extends FormParts {
  errors: FieldErrors<MenuItemFormInput>['optionGroups'];
}

/** The item dialog's 'Choices': groups such as Protein or Extras, each with its choices, price changes and rule. */
export function OptionGroupsFields({ control, register, errors }: OptionGroupsFieldsProps) {
  const id = useId();
  const { fields, append, remove } = useFieldArray({ control, name: 'optionGroups' });
  const focusAfterRender = useFocusAfterRender();
  const listError = errors?.root?.message ?? errors?.message;

  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3 border-t pt-4">
      <div className="grid gap-1">
        <h3 id={`${id}-title`} className="font-semibold">
          Choices
        </h3>
        <p className="text-sm text-muted-foreground">
          Groups customers choose from, such as Protein or Extras. An extra price is added to the dish&apos;s price.
        </p>
      </div>
      {fields.length > 0 && (
        <ul className="grid gap-3">
          {fields.map((field, index) => (
            <li key={field.id} className="rounded-lg border p-3">
              <GroupFields
                id={`${id}-${field.id}`}
                control={control}
                register={register}
                index={index}
                errors={errors?.[index]}
                onRemove={() => {
                  focusAfterRender(`${id}-add-group`);
                  remove(index);
                }}
              />
            </li>
          ))}
        </ul>
      )}
      <FieldError id={`${id}-error`} message={listError} />
      {fields.length < MAX_OPTION_GROUPS ? (
        <Button id={`${id}-add-group`} variant="outline" className="w-fit" onClick={() => append(newGroup())}>
          <Plus aria-hidden />
          Add a group of choices
        </Button>
      ) : (
        <p className="text-sm text-muted-foreground">At most {MAX_OPTION_GROUPS} groups of choices for a dish.</p>
      )}
    </section>
  );
}
