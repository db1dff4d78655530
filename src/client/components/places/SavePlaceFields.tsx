import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field.js';
import { Input } from '@/components/ui/input.js';

interface SavePlaceFieldsProps {
  save: UseFormRegisterReturn;
  /** Whether 'Save this place' is ticked: its name is asked only then. */
  saving: boolean;
  label: UseFormRegisterReturn;
  labelError?: string;
}

/** 'Save this place' for the next order, under a name of the customer's ('Home', 'Office'); saved once the order is placed. */
export function SavePlaceFields({ save, saving, label, labelError }: SavePlaceFieldsProps) {
  return (
    <div className="grid gap-3">
      <label htmlFor="checkout-save-place" className="flex min-h-11 w-fit cursor-pointer items-center gap-3 text-sm font-medium">
        <input id="checkout-save-place" type="checkbox" className="size-5 accent-primary" {...save} />
        Save this place
      </label>
      {saving && (
        <FormField id="checkout-place-label" label="Label" hint="Such as Home or Office" error={labelError}>
          <Input autoComplete="off" placeholder="Home" {...label} />
        </FormField>
      )}
    </div>
  );
}
