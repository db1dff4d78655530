import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cellCoordinate,
  cellOf,
  circleStyle,
  fitPadding,
  groupIntoCells,
  heatmapPeriodStart,
  heatmapTotals,
  intensityOf,
  ordersLabel,
  placeLabel,
  topAreas,
  trackedLocationsLine,
  type HeatmapLocation,
} from './heatmap.js';

/** PostgreSQL's round(double precision): rint, ties to even, written the plain way for comparison. */
function rint(value: number): number {
  const rounded = Math.round(value);
  return Math.abs(value % 1) === 0.5 && rounded % 2 !== 0 ? rounded - 1 : rounded;
}

describe('heat map cells', () => {
  it('rounds a coordinate to its 4-decimal cell, ties to the even cell', () => {
    expect(cellOf(5.6037)).toBe(56037);
    expect(cellOf(5.60374)).toBe(56037);
    expect(cellOf(5.60366)).toBe(56037);
    expect(cellOf(-0.187)).toBe(-1870);
    expect(cellOf(-0.18704)).toBe(-1870);
    expect(cellOf(-0.18706)).toBe(-1871);
    // 0.00005 * 10000 = 0.5 exactly: the even neighbour is 0.
    expect(cellOf(0.00005)).toBe(0);
    expect(cellOf(-0.00005)).toBe(0);
    // 0.00015 is a little under itself in binary: 1.4999999999999998, so cell 1, as in the database.
    expect(cellOf(0.00015)).toBe(1);
    expect(cellOf(-0.00015)).toBe(-1);
    expect(Object.is(cellOf(-0), 0)).toBe(true);
    expect(cellCoordinate(-1870)).toBe(-0.187);
  });

  it('agrees with rint of the coordinate times 10,000 for any coordinate', () => {
    fc.assert(
      fc.property(fc.double({ min: -180, max: 180, noNaN: true }), (coordinate) => {
        expect(cellOf(coordinate)).toBe(rint(coordinate * 10000) || 0);
      }),
      { numRuns: 5000 },
    );
  });

  it('adds each order to the cell of its point, busiest first, ties from south to north then west to east', () => {
    const cells = groupIntoCells([
      { lat: 5.6, lng: -0.2 },
      { lat: 5.60004, lng: -0.19996 },
      { lat: 5.7, lng: -0.2 },
      { lat: 5.5, lng: -0.1 },
      { lat: 5.5, lng: -0.3 },
    ]);
    expect(cells).toEqual([
      { latCell: 56000, lngCell: -2000, orderCount: 2 },
      { latCell: 55000, lngCell: -3000, orderCount: 1 },
      { latCell: 55000, lngCell: -1000, orderCount: 1 },
      { latCell: 57000, lngCell: -2000, orderCount: 1 },
    ]);
    expect(groupIntoCells([])).toEqual([]);
  });
});

describe('drawing and summing the map', () => {
  it('reaches full intensity at 10 orders, and grows in proportion below', () => {
    expect(intensityOf(1)).toBe(0.1);
    expect(intensityOf(5)).toBe(0.5);
    expect(intensityOf(10)).toBe(1);
    expect(intensityOf(250)).toBe(1);
  });

  it('draws a red circle of radius 10 + intensity * 30 px and fill opacity 0.3 + intensity * 0.5, stroke 2', () => {
    expect(circleStyle(0)).toMatchObject({ radius: 10, fillOpacity: 0.3, weight: 2 });
    expect(circleStyle(1)).toMatchObject({ radius: 40, fillOpacity: 0.8, weight: 2 });
    expect(circleStyle(0.5).radius).toBe(25);
    expect(circleStyle(0.5).fillOpacity).toBeCloseTo(0.55);
    expect(circleStyle(1).color).toBe(circleStyle(1).fillColor);
  });

  it('keeps room for the largest circle, its outline and a margin when the map fits its places', () => {
    expect(fitPadding([{ intensity: 0.2 }, { intensity: 1 }, { intensity: 0.1 }])).toBe(40 + 2 + 8);
    expect(fitPadding([{ intensity: 0 }])).toBe(10 + 2 + 8);
  });

  it('sums the cards: places, orders and orders per place to one decimal', () => {
    expect(heatmapTotals({ totalLocations: 3, totalOrders: 10 })).toEqual({
      locations: 3,
      orders: 10,
      averagePerLocation: '3.3',
    });
    expect(heatmapTotals({ totalLocations: 0, totalOrders: 0 })).toEqual({ locations: 0, orders: 0, averagePerLocation: '0.0' });
  });

  it('lists the five busiest places, named or by coordinates to 4 decimals', () => {
    const locations: HeatmapLocation[] = Array.from({ length: 7 }, (_, i) => ({
      lat: 5.6 + i / 100,
      lng: -0.2,
      orderCount: 10 - i,
      intensity: 1,
      name: i === 0 ? 'Osu, Accra' : null,
    }));
    expect(topAreas(locations).map((l) => l.orderCount)).toEqual([10, 9, 8, 7, 6]);
    expect(placeLabel(locations[0]!)).toBe('Osu, Accra');
    expect(placeLabel(locations[1]!)).toBe('5.6100, -0.2000');
    expect(ordersLabel(1)).toBe('1 order');
    expect(ordersLabel(12)).toBe('12 orders');
  });

  it('says how many places are tracked, and when only the busiest are shown', () => {
    const some = (count: number) => Array.from({ length: count }, () => ({}) as HeatmapLocation);
    expect(trackedLocationsLine({ totalLocations: 1, locations: some(1) })).toBe('Tracking 1 delivery location');
    expect(trackedLocationsLine({ totalLocations: 12, locations: some(12) })).toBe('Tracking 12 delivery locations');
    expect(trackedLocationsLine({ totalLocations: 15430, locations: some(2000) })).toBe(
      'Showing the 2,000 busiest of 15,430 tracked delivery locations',
    );
  });

  it('starts each period that many days before now, and all time nowhere', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    expect(heatmapPeriodStart('7d', now)?.toISOString()).toBe('2026-11-18T12:00:00.000Z');
    expect(heatmapPeriodStart('90d', now)?.toISOString()).toBe('2026-08-27T12:00:00.000Z');
    expect(heatmapPeriodStart('all', now)).toBeNull();
  });
});
