import { ImagePlus, Upload } from 'lucide-react';
import { useEffect, useRef, type ComponentProps, type Ref } from 'react';
import { cn } from '@/lib/cn.js';
import { IMAGE_ACCEPT } from '@/lib/imageFile.js';

interface ImageInputProps extends Omit<ComponentProps<'input'>, 'type' | 'value' | 'onChange' | 'accept'> {
  value: File | null;
  onChange: (file: File | null) => void;
  /** Round preview for profile pictures, rectangular for documents and food. */
  shape?: 'round' | 'rect';
  /** Alternative text of the preview, e.g. "Profile picture preview". */
  previewAlt: string;
  /** The picture already stored (when editing), shown until another file is picked. */
  currentUrl?: string | null;
}

function assignRef<T>(ref: Ref<T> | undefined, node: T | null) {
  if (typeof ref === 'function') ref(node);
  else if (ref) ref.current = node;
}

/**
 * Picks one image and previews it. The native file input stays the labelled, focusable control
 * (keyboard and screen readers use it as usual); the visible button only relays mouse and touch clicks.
 */
export function ImageInput({
  value,
  onChange,
  shape = 'rect',
  previewAlt,
  currentUrl = null,
  className,
  ref,
  ...props
}: ImageInputProps) {
  const previewRef = useRef<HTMLImageElement>(null);
  const pickerRef = useRef<HTMLInputElement | null>(null);

  useEffect(() => {
    const img = previewRef.current;
    if (!value || !img) return;
    const url = URL.createObjectURL(value);
    img.src = url;
    return () => URL.revokeObjectURL(url);
  }, [value]);

  return (
    <div className={cn('flex items-center gap-3', className)}>
      <div
        className={cn(
          'grid size-16 shrink-0 place-items-center overflow-hidden border bg-muted text-muted-foreground',
          shape === 'round' ? 'rounded-full' : 'rounded-md',
        )}
      >
        {value ? (
          <img ref={previewRef} alt={previewAlt} className="size-full object-cover" />
        ) : currentUrl ? (
          <img src={currentUrl} alt={previewAlt} className="size-full object-cover" />
        ) : (
          <ImagePlus aria-hidden className="size-6" />
        )}
      </div>
      <div className="relative grid min-w-0 flex-1 justify-items-start gap-1">
        <input
          ref={(node) => {
            pickerRef.current = node;
            assignRef(ref, node);
          }}
          type="file"
          accept={IMAGE_ACCEPT}
          onChange={(event) => onChange(event.target.files?.[0] ?? null)}
          className="peer sr-only"
          {...props}
        />
        <button
          type="button"
          tabIndex={-1}
          aria-hidden
          onClick={() => pickerRef.current?.click()}
          className={cn(
            'inline-flex h-11 items-center gap-2 rounded-md border border-input bg-background px-3 text-sm font-medium shadow-xs hover:bg-accent',
            'peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring/50 peer-aria-invalid:border-destructive',
          )}
        >
          <Upload aria-hidden className="size-4" />
          {value || currentUrl ? 'Change image' : 'Choose image'}
        </button>
        <span className={cn('max-w-full text-xs text-muted-foreground', value ? 'truncate' : 'break-words')}>
          {value ? value.name : 'JPEG, PNG, WebP or GIF, up to 5 MB'}
        </span>
      </div>
    </div>
  );
}
