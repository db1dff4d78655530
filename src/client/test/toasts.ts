/** The titles of the toasts on the page, newest first, leaving out those fading out. */
export const toastTitlesShown = () =>
  [...document.querySelectorAll('[data-sonner-toast][data-removed="false"] [data-title]')].map((title) => title.textContent);
