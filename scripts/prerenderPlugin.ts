import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { PRERENDERED_PATHS, prerenderedFile } from '../src/shared/prerenderedPages.js';
import type { renderPage } from '../src/client/prerender/renderPage.js';

const ROOT_ELEMENT = '<div id="root"></div>';

/** Renders the app's code for Node (one self-contained file) and returns its renderPage. */
async function buildRenderer(config: ResolvedConfig, outDir: string): Promise<typeof renderPage> {
  await build({
    configFile: config.configFile,
    mode: config.mode,
    logLevel: 'warn',
    ssr: { noExternal: true },
    build: { ssr: path.join(config.root, 'prerender/renderPage.tsx'), outDir, emptyOutDir: true, copyPublicDir: false },
  });
  const module = (await import(pathToFileURL(path.join(outDir, 'renderPage.js')).href)) as { renderPage: typeof renderPage };
  return module.renderPage;
}

/**
 * After the client build, writes the HTML of every page of PRERENDERED_PATHS into the built
 * client's folder: its index.html with the page rendered inside #root (React's static prerender)
 * and the page's preloads in the head.
 */
export function prerenderPages(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'chopchop-prerender',
    apply: (userConfig, { command }) => command === 'build' && !userConfig.build?.ssr,
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const clientDir = path.resolve(config.root, config.build.outDir);
      const template = await readFile(path.join(clientDir, 'index.html'), 'utf8');
      if (!template.includes(ROOT_ELEMENT)) throw new Error(`index.html has no ${ROOT_ELEMENT} to render into`);
      const rendererDir = await mkdtemp(path.join(tmpdir(), 'chopchop-prerender-'));
      try {
        const renderPage = await buildRenderer(config, rendererDir);
        for (const page of PRERENDERED_PATHS) {
          const { html, head } = await renderPage(page);
          const file = path.join(clientDir, prerenderedFile(page));
          await mkdir(path.dirname(file), { recursive: true });
          await writeFile(
            file,
            template.replace('</head>', `${head}</head>`).replace(ROOT_ELEMENT, `<div id="root">${html}</div>`),
          );
        }
      } finally {
        await rm(rendererDir, { recursive: true, force: true });
      }
    },
  };
}
