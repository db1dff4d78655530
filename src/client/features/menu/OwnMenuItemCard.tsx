import { Pencil, Trash2 } from 'lucide-react';
import type { OptionGroup } from '@shared/menu/options.js';
import type { OwnMenuItem } from '@shared/menu/schemas.js';
import { formatMoney } from '@shared/money.js';
import { Badge } from '@/components/ui/badge.js';
import { Button } from '@/components/ui/button.js';
import { FoodImage } from '@/components/restaurants/FoodImage.js';
import { MoveButtons } from './MoveButtons.js';

/** A card of the menu grid: the phone's width, half the page from 768 px, a third of it (at most 360 px) from 1024 px. */
const CARD_SIZES = '(min-width: 1024px) 360px, (min-width: 768px) 50vw, 100vw';

/** 'Choices: Protein, Extras · 1 choice unavailable'; null for a dish without choices. */
function choicesSummary(groups: readonly OptionGroup[]): string | null {
  if (groups.length === 0) return null;
  const names = `Choices: ${groups.map((group) => group.name).join(', ')}`;
  const unavailable = groups.flatMap((group) => group.choices).filter((choice) => !choice.isAvailable).length;
  if (unavailable === 0) return names;
  return `${names} · ${unavailable} ${unavailable === 1 ? 'choice' : 'choices'} unavailable`;
}

interface OwnMenuItemCardProps {
  item: OwnMenuItem;
  currencySymbol: string;
  /** Moves within the item's category; absent at the ends. */
  onMoveUp?: () => void;
  onMoveDown?: () => void;
  moving: boolean;
  onEdit: () => void;
  onDelete: () => void;
}

/** One item of the owner's menu: what customers see, whether they can order it now, and its actions. */
export function OwnMenuItemCard({ item, currencySymbol, onMoveUp, onMoveDown, moving, onEdit, onDelete }: OwnMenuItemCardProps) {
  const choices = choicesSummary(item.optionGroups);
  return (
    <article aria-label={item.name} className="flex flex-col overflow-hidden rounded-xl border bg-card shadow-xs">
      <FoodImage src={item.imageUrl} alt={item.name} sizes={CARD_SIZES} className="aspect-[16/10] w-full" />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-start justify-between gap-3">
          <h3 className="min-w-0 leading-snug font-semibold break-words">{item.name}</h3>
          <p className="shrink-0 font-semibold">{formatMoney(item.price, currencySymbol)}</p>
        </div>
        {choices && <p className="line-clamp-2 text-xs break-words text-muted-foreground">{choices}</p>}
        {item.description && <p className="line-clamp-3 text-sm text-muted-foreground">{item.description}</p>}
        <div className="mt-auto flex flex-wrap items-center gap-2 pt-1">
          {item.category && <Badge variant="outline">{item.category}</Badge>}
          <Badge variant={item.isAvailable ? 'success' : 'secondary'}>{item.isAvailable ? 'Available' : 'Unavailable'}</Badge>
        </div>
        <div className="flex items-center gap-2 pt-2">
          <Button variant="outline" className="min-h-11 flex-1" onClick={onEdit} aria-label={`Edit ${item.name}`}>
            <Pencil aria-hidden />
            Edit
          </Button>
          <Button
            variant="outline"
            className="min-h-11 flex-1 text-destructive"
            onClick={onDelete}
            aria-label={`Delete ${item.name}`}
          >
            <Trash2 aria-hidden />
            Delete
          </Button>
          <MoveButtons what={item.name} moving={moving} onUp={onMoveUp} onDown={onMoveDown} />
        </div>
      </div>
    </article>
  );
}
