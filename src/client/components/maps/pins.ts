import L from 'leaflet';

const icons = new Map<string, L.DivIcon>();

/** A drawn pin in a colour, so the map needs no marker image files; one icon per colour, so markers keep theirs across renders. */
export function pinIcon(colour: string): L.DivIcon {
  let icon = icons.get(colour);
  if (!icon) {
    icon = L.divIcon({
      className: '',
      // A 32 x 40 pin inside a 44 x 48 box: a draggable pin is a control, and a thumb needs 44 px to grab it.
      html: `<svg xmlns="http://www.w3.org/2000/svg" width="32" height="40" viewBox="0 0 32 40" aria-hidden="true" style="display:block;margin:8px 6px 0">
    <path d="M16 39s13-13.2 13-23A13 13 0 0 0 3 16c0 9.8 13 23 13 23z" fill="${colour}" stroke="#fff" stroke-width="2"/>
    <circle cx="16" cy="16" r="5" fill="#fff"/></svg>`,
      iconSize: [44, 48],
      iconAnchor: [22, 47],
    });
    icons.set(colour, icon);
  }
  return icon;
}
