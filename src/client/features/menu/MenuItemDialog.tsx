import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import {
  MENU_MESSAGES,
  menuItemFormSchema,
  menuItemFormValues,
  type MenuItemFormInput,
  type MenuItemInput,
  type OwnMenuItem,
} from '@shared/menu/schemas.js';
import { Button } from '@/components/ui/button.js';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog.js';
import { FormField } from '@/components/ui/form-field.js';
import { ImageInput } from '@/components/ui/image-input.js';
import { Input } from '@/components/ui/input.js';
import { Label } from '@/components/ui/label.js';
import { Switch } from '@/components/ui/switch.js';
import { Textarea } from '@/components/ui/textarea.js';
import { reportSubmitFailure } from '@/lib/formErrors.js';
import { imageFileProblem } from '@/lib/imageFile.js';
import { ownMenuQuery } from '@/lib/restaurantsApi.js';
import { notifyError, notifySuccess } from '@/lib/toast.js';
import { saveMenuItem } from './menuApi.js';
import { OptionGroupsFields } from './OptionGroupsFields.js';

const FIELDS = ['name', 'description', 'price', 'category', 'imageUrl', 'optionGroups'] as const;

const EMPTY: MenuItemFormInput = {
  name: '',
  description: '',
  price: '',
  category: '',
  imageUrl: '',
  isAvailable: true,
  optionGroups: [],
};

interface MenuItemDialogProps {
  restaurantId: string;
  /** The item being edited; null adds a new one. */
  item: OwnMenuItem | null;
  /** Categories already on the menu, suggested while typing. */
  categories: readonly string[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Add Menu Item' / 'Edit Menu Item': the form the server checks with the same schema. */
export function MenuItemDialog({ restaurantId, item, categories, open, onOpenChange }: MenuItemDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-sm:px-4">
        <DialogHeader>
          <DialogTitle>{item ? 'Edit Menu Item' : 'Add Menu Item'}</DialogTitle>
          <DialogDescription className="sr-only">Fields marked * are required.</DialogDescription>
        </DialogHeader>
        {/* A fresh form for every opening: the values of the item being edited, or empty ones. */}
        {open && (
          <MenuItemForm
            key={item?.id ?? 'new'}
            restaurantId={restaurantId}
            item={item}
            categories={categories}
            onDone={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function MenuItemForm({
  restaurantId,
  item,
  categories,
  onDone,
}: Omit<MenuItemDialogProps, 'open' | 'onOpenChange'> & { onDone: () => void }) {
  const queryClient = useQueryClient();
  const categoryListId = useId();
  const [image, setImage] = useState<File | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<MenuItemFormInput, unknown, MenuItemInput>({
    resolver: zodResolver(menuItemFormSchema),
    defaultValues: item ? menuItemFormValues(item) : EMPTY,
  });
  const save = useMutation({
    mutationFn: saveMenuItem,
    onSuccess: async () => {
      notifySuccess(item ? MENU_MESSAGES.updated : MENU_MESSAGES.added);
      onDone();
      await queryClient.invalidateQueries({ queryKey: ownMenuQuery(restaurantId).queryKey });
    },
    onError: (error) => {
      reportSubmitFailure(error, setError, FIELDS, error.message);
    },
  });

  const pickImage = (file: File | null) => {
    const problem = file && imageFileProblem(file);
    if (problem) {
      notifyError(problem);
      return;
    }
    setImage(file);
  };

  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={handleSubmit((values) => save.mutate({ restaurantId, itemId: item?.id, values, image }))}
    >
      <FormField id="menu-item-name" label="Item Name *" error={errors.name?.message}>
        <Input autoComplete="off" aria-required {...register('name')} />
      </FormField>
      <FormField id="menu-item-description" label="Description" error={errors.description?.message}>
        <Textarea rows={3} {...register('description')} />
      </FormField>
      <FormField id="menu-item-price" label="Price *" error={errors.price?.message}>
        <Input type="number" inputMode="decimal" step="0.01" min="0" aria-required {...register('price')} />
      </FormField>
      <FormField
        id="menu-item-category"
        label="Category"
        error={errors.category?.message}
        hint={categories.length > 0 ? 'Pick a category already on your menu or type a new one.' : undefined}
      >
        <Input
          list={categoryListId}
          autoComplete="off"
          placeholder="e.g. Main Course, Appetizer, Dessert"
          {...register('category')}
        />
      </FormField>
      <datalist id={categoryListId}>
        {categories.map((category) => (
          <option key={category} value={category} />
        ))}
      </datalist>
      <FormField id="menu-item-image" label="Food Image" error={errors.imageUrl?.message}>
        <ImageInput value={image} onChange={pickImage} currentUrl={item?.imageUrl} previewAlt="Food image preview" />
      </FormField>
      <Controller
        control={control}
        name="isAvailable"
        render={({ field }) => (
          <div className="flex min-h-11 items-center gap-3">
            <Switch id="menu-item-available" checked={field.value} onCheckedChange={field.onChange} onBlur={field.onBlur} />
            <Label htmlFor="menu-item-available">Available for order</Label>
          </div>
        )}
      />
      <OptionGroupsFields control={control} register={register} errors={errors.optionGroups} />
      <DialogFooter>
        <Button variant="outline" className="min-h-11" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" className="min-h-11" busy={save.isPending}>
          {item ? 'Update Item' : 'Add Item'}
        </Button>
      </DialogFooter>
    </form>
  );
}
