import {
  heatmapPeriodStart,
  MAX_HEATMAP_LOCATIONS,
  toLocation,
  type Heatmap,
  type HeatmapPeriod,
} from '@shared/admin/heatmap.js';
import { neighbourhoodOf } from '@shared/admin/neighbourhoods.js';
import type { Database } from '../db/client.js';
import { busiestCells } from './heatmapRepository.js';

/**
 * The order heat map of a period (decision 010): where the counted orders were delivered, the
 * busiest MAX_HEATMAP_LOCATIONS places named after their neighbourhood, and the totals over
 * every place. Only real orders: no sample places are mixed in.
 */
export async function getHeatmap(database: Database, period: HeatmapPeriod, now = new Date()): Promise<Heatmap> {
  const from = heatmapPeriodStart(period, now);
  const { cells, totalLocations, totalOrders } = await busiestCells(database, from, MAX_HEATMAP_LOCATIONS);
  return {
    period,
    from: from?.toISOString() ?? null,
    locations: cells.map((cell) => toLocation(cell, (lat, lng) => neighbourhoodOf(lat, lng))),
    totalLocations,
    totalOrders,
    limit: MAX_HEATMAP_LOCATIONS,
  };
}
