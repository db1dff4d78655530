import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { keepNodeEnv } from './keepNodeEnv.js';

describe('keepNodeEnv', () => {
  const original = process.env.NODE_ENV;
  afterEach(() => {
    process.env.NODE_ENV = original;
  });

  it('leaves NODE_ENV unset after a Vite build, which sets it to production in its own process', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'keep-node-env-'));
    try {
      await writeFile(path.join(root, 'index.html'), '<!doctype html><title>t</title><p>t</p>');
      delete process.env.NODE_ENV;
      const viteBuild = () => build({ root, configFile: false, logLevel: 'silent', build: { outDir: path.join(root, 'dist') } });

      await keepNodeEnv(viteBuild);
      expect(process.env.NODE_ENV).toBeUndefined();

      await viteBuild();
      expect(process.env.NODE_ENV).toBe('production');
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
