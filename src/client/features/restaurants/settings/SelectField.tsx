import type { ReactNode } from 'react';
import type { RefCallBack } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field.js';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select.js';

interface SelectFieldProps {
  /** Id of the trigger; the label, hint and error are bound to it. */
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  /** Shown until a choice is made. */
  placeholder: string;
  options: readonly { value: string; label: string }[];
  /** The react-hook-form field (a Controller's): a field with no value yet shows the placeholder. */
  field: { value: string | undefined; onChange: (value: string) => void; onBlur: () => void; ref: RefCallBack };
  /** What a choice does: by default field.onChange. */
  onChange?: (value: string) => void;
  className?: string;
}

/** One choice of the restaurant form as a labelled select, with its hint and error. */
export function SelectField({ id, label, hint, error, placeholder, options, field, onChange, className }: SelectFieldProps) {
  const { value, onBlur, ref: fieldRef } = field;
  return (
    <div className={className}>
      <Select value={value ?? ''} onValueChange={onChange ?? field.onChange}>
        <FormField id={id} label={label} hint={hint} error={error}>
          <SelectTrigger ref={fieldRef} onBlur={onBlur} className="h-11">
            <SelectValue placeholder={placeholder} />
          </SelectTrigger>
        </FormField>
        <SelectContent>
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
