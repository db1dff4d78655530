import { ImagePlus } from 'lucide-react';
import { useEffect, useRef, type ComponentProps } from 'react';
import { cn } from '@/lib/cn.js';
import { IMAGE_ACCEPT } from '@/lib/imageFile.js';

interface ImageInputProps extends Omit<ComponentProps<'input'>, 'type' | 'value' | 'onChange' | 'accept'> {
  value: File | null;
  onChange: (file: File | null) => void;
  /** Round preview for profile pictures, rectangular for documents and food. */
  shape?: 'round' | 'rect';
  /** Alternative text of the preview, e.g. "Profile picture preview". */
  previewAlt: string;
}

/** A native file picker for one image, with a preview of the chosen file. */
export function ImageInput({ value, onChange, shape = 'rect', previewAlt, className, ...props }: ImageInputProps) {
  const previewRef = useRef<HTMLImageElement>(null);
  const pickerRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const img = previewRef.current;
    if (!value || !img) return;
    const url = URL.createObjectURL(value);
    img.src = url;
    return () => URL.revokeObjectURL(url);
  }, [value]);

  useEffect(() => {
    if (!value && pickerRef.current) pickerRef.current.value = '';
  }, [value]);

  return (
    <div className={cn('flex items-center gap-3', className)}>
      <div
        className={cn(
          'grid size-16 shrink-0 place-items-center overflow-hidden border bg-muted text-muted-foreground',
          shape === 'round' ? 'rounded-full' : 'rounded-md',
        )}
      >
        {value ? <img ref={previewRef} alt={previewAlt} className="size-full object-cover" /> : <ImagePlus aria-hidden className="size-6" />}
      </div>
      <input
        ref={pickerRef}
        type="file"
        accept={IMAGE_ACCEPT}
        onChange={(event) => onChange(event.target.files?.[0] ?? null)}
        className={cn(
          'block w-full min-w-0 cursor-pointer text-sm text-muted-foreground',
          'file:mr-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-secondary file:px-3 file:py-2 file:text-sm file:font-medium file:text-secondary-foreground hover:file:bg-secondary/80',
          'rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:text-destructive',
        )}
        {...props}
      />
    </div>
  );
}
