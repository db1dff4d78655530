import type { Db } from './client.js';

/**
 * Prepares a domain's hot statements once per database (each is then planned once per
 * connection) and hands back the same set on every call.
 */
export function preparedPerDatabase<T>(prepare: (db: Db) => T): (db: Db) => T {
  const cache = new WeakMap<Db, T>();
  return (db) => {
    let statements = cache.get(db);
    if (!statements) {
      statements = prepare(db);
      cache.set(db, statements);
    }
    return statements;
  };
}
