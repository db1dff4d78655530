import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { AlertDialog, AlertDialogCancel, AlertDialogContent, AlertDialogTitle } from './alert-dialog.js';
import { Dialog, DialogContent, DialogTitle, DialogTrigger } from './dialog.js';

/** A dialog opened from state, as a dish's choices are: no DialogTrigger for Radix to refocus. */
function OpenedFromState() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button">Before</button>
      <button type="button" onClick={() => setOpen(true)}>
        Add Jollof to cart
      </button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent aria-describedby={undefined}>
          <DialogTitle>Jollof</DialogTitle>
          <button type="button" onClick={() => setOpen(false)}>
            Add to cart
          </button>
        </DialogContent>
      </Dialog>
    </>
  );
}

describe('closing a dialog (returnFocus.ts)', () => {
  it('gives the focus back to the button that opened it from state, closed with Escape or from inside', async () => {
    const user = userEvent.setup();
    render(<OpenedFromState />);
    const opener = screen.getByRole('button', { name: 'Add Jollof to cart' });

    await user.click(opener);
    expect(await screen.findByRole('dialog', { name: 'Jollof' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(opener);

    await user.click(opener);
    await user.click(await screen.findByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
  });

  it('still gives it back to its trigger', async () => {
    const user = userEvent.setup();
    render(
      <Dialog>
        <DialogTrigger>Open</DialogTrigger>
        <DialogContent aria-describedby={undefined}>
          <DialogTitle>Settings</DialogTitle>
        </DialogContent>
      </Dialog>,
    );
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByRole('dialog', { name: 'Settings' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open' }));
  });

  it('gives it back in an alert dialog opened from state too (a confirmation), kept with Cancel', async () => {
    function ConfirmDelete() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Delete Jollof
          </button>
          <AlertDialog open={open} onOpenChange={setOpen}>
            <AlertDialogContent aria-describedby={undefined}>
              <AlertDialogTitle>Delete Jollof?</AlertDialogTitle>
              <AlertDialogCancel>Keep it</AlertDialogCancel>
            </AlertDialogContent>
          </AlertDialog>
        </>
      );
    }
    const user = userEvent.setup();
    render(<ConfirmDelete />);
    const opener = screen.getByRole('button', { name: 'Delete Jollof' });
    await user.click(opener);
    await user.click(await screen.findByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
  });
});
