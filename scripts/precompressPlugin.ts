import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text the server sends; pictures and sounds are compressed already. */
const TEXT_FILE = /\.(?:js|css|html|svg|webmanifest|json)$/;
/** Below this, as with @fastify/compress, compressing saves less than it costs. */
const MIN_BYTES = 1024;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(file);
    else if (TEXT_FILE.test(entry.name)) yield file;
  }
}

async function precompress(file: string): Promise<void> {
  if ((await stat(file)).size < MIN_BYTES) return;
  const data = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
    gzipAsync(data, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
}

/**
 * After everything else is written (the prerendered pages, the service worker), writes a .br
 * and a .gz beside every text file of the built client, at the highest levels: the server
 * sends them as they are (preCompressed) instead of compressing on every request, and at
 * brotli's top level the files are smaller than on-the-fly compression makes them.
 */
export function precompressClient(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'chopchop-precompress',
    apply: (userConfig, { command }) => command === 'build' && !userConfig.build?.ssr,
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      order: 'post',
      async handler() {
        const files: Promise<void>[] = [];
        for await (const file of filesUnder(path.resolve(config.root, config.build.outDir))) files.push(precompress(file));
        await Promise.all(files);
      },
    },
  };
}
