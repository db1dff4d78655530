import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field.js';
import { Input } from '@/components/ui/input.js';

const Optional = () => <span className="font-normal text-muted-foreground">(optional)</span>;

interface PlaceDetailsFieldsProps {
  landmark: UseFormRegisterReturn;
  gpsCode: UseFormRegisterReturn;
  landmarkError?: string;
  gpsCodeError?: string;
}

/** What helps a rider find the place beyond its address: a landmark, and its GhanaPost GPS code. */
export function PlaceDetailsFields({ landmark, gpsCode, landmarkError, gpsCodeError }: PlaceDetailsFieldsProps) {
  return (
    <>
      <FormField
        id="checkout-landmark"
        label={
          <>
            Landmark <Optional />
          </>
        }
        error={landmarkError}
      >
        <Input placeholder="Opposite the Total filling station, blue gate" {...landmark} />
      </FormField>
      <FormField
        id="checkout-gps-code"
        label={
          <>
            GhanaPost GPS code <Optional />
          </>
        }
        hint="e.g. GA-183-8164"
        error={gpsCodeError}
      >
        <Input autoCapitalize="characters" autoComplete="off" spellCheck={false} {...gpsCode} />
      </FormField>
    </>
  );
}
