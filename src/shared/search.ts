/**
 * Case-insensitive search for the list screens: true when any field contains the query.
 * An empty query matches everything; missing fields never match.
 */
export function matchesSearch(query: string, ...fields: ReadonlyArray<string | null | undefined>): boolean {
  const needle = query.trim().toLocaleLowerCase();
  if (needle === '') return true;
  return fields.some((field) => field?.toLocaleLowerCase().includes(needle) ?? false);
}
