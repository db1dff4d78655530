import { act, fireEvent } from '@testing-library/react';

/**
 * A quick double tap on a slow phone: both clicks land before React draws the page again (one
 * act), so the second finds the button as the first did, even one whose dialog the first closes.
 */
export function doubleTap(element: HTMLElement) {
  act(() => {
    fireEvent.click(element);
    fireEvent.click(element);
  });
}
