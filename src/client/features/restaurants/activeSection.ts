/**
 * The section a reader is at: the first, in page order, of those showing in the band under the
 * sticky bars; while none shows (between two sections) the one they were at stays.
 */
export function activeSection(ids: readonly string[], showing: ReadonlySet<string>, current: string | null): string | null {
  return ids.find((id) => showing.has(id)) ?? current;
}
