import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button.js';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.js';

interface FormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  /** The form: mounted afresh at every opening, so it starts empty. */
  children: ReactNode;
}

/** A dialog holding one form, with its title and what it is for. */
export function FormDialog({ open, onOpenChange, title, description, children }: FormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {open && children}
      </DialogContent>
    </Dialog>
  );
}

interface FormDialogFooterProps {
  busy: boolean;
  disabled?: boolean;
  variant?: 'default' | 'destructive';
  /** What the submit button says. */
  children: ReactNode;
}

/** A dialog form's 'Cancel', which closes it, and its submit button. */
export function FormDialogFooter({ busy, disabled = false, variant = 'default', children }: FormDialogFooterProps) {
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button variant="outline" size="lg">
          Cancel
        </Button>
      </DialogClose>
      <Button type="submit" size="lg" variant={variant} disabled={disabled} busy={busy}>
        {children}
      </Button>
    </DialogFooter>
  );
}
