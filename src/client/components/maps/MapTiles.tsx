import { TileLayer } from 'react-leaflet';

const OSM_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

/** The map's background; an empty tile address (offline, tests) leaves the map without one, markers still shown. */
export function MapTiles({ tileUrl }: { tileUrl: string }) {
  return tileUrl ? <TileLayer url={tileUrl} attribution={OSM_ATTRIBUTION} /> : null;
}
