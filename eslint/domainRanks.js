// The server's domains in order, from the bottom up (decision 016): a domain imports only domains
// of a lower rank, never one of its own rank or above, so domains never import each other in
// circles. A domain below reaches one above only through an interface it declares and the
// composition root (plugins, app) hands in: orders/moveEffects.ts, implemented by dispatch and
// payments. Every folder of src/server outside the base and the test harness is ranked here.
export const DOMAIN_RANKS = [
  ['jobs'],
  ['notifications', 'storage', 'places'],
  ['auth'],
  ['realtime'],
  ['restaurants'],
  ['menu'],
  ['ledger'],
  ['ratings'],
  ['orders'],
  ['payments', 'dispatch'],
  ['payouts'],
  ['drivers'],
  ['verification'],
  ['admin'],
  ['backup', 'health'],
];

const NOT_DOMAINS = new Set(['core', 'db', 'http', 'plugins', 'test']);

/** The folders of src/server (its directory entries) that are domains missing from DOMAIN_RANKS. */
export function unrankedDomains(entries) {
  const ranked = new Set(DOMAIN_RANKS.flat());
  return entries
    .filter((entry) => entry.isDirectory() && !NOT_DOMAINS.has(entry.name) && !ranked.has(entry.name))
    .map((entry) => entry.name);
}
