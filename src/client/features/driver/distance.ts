/** How far a restaurant is from the driver: '350 m away' under a kilometre, else '1.2 km away'. */
export function formatDistanceAway(meters: number): string {
  const metres = Math.round(meters);
  if (metres < 1_000) return `${metres} m away`;
  return `${(meters / 1_000).toFixed(1)} km away`;
}
