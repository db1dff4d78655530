/**
 * Runs `work` and then puts NODE_ENV back as it was. Vite's build sets NODE_ENV=production in the
 * process that runs it, and `npm start` builds the client in the server's own process: without
 * this, a first start would run as production (no demo data, JSON logs) and the next as development.
 */
export async function keepNodeEnv<T>(work: () => Promise<T>): Promise<T> {
  const before = process.env.NODE_ENV;
  try {
    return await work();
  } finally {
    if (before === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = before;
  }
}
