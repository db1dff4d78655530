import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { OutputBundle } from 'rolldown';
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
    build: {
      ssr: path.join(config.root, 'prerender/renderPage.tsx'),
      outDir,
      emptyOutDir: true,
      copyPublicDir: false,
      rolldownOptions: { output: { codeSplitting: false } },
    },
  });
  const module = (await import(pathToFileURL(path.join(outDir, 'renderPage.js')).href)) as { renderPage: typeof renderPage };
  return module.renderPage;
}

/** The built files a module needs: its chunk and every chunk that chunk imports, however deep. */
function chunksOf(bundle: OutputBundle, modulePath: string): string[] {
  const byFile = new Map(Object.values(bundle).map((output) => [output.fileName, output]));
  const start = Object.values(bundle).find((output) => output.type === 'chunk' && output.facadeModuleId === modulePath);
  if (!start) throw new Error(`no chunk is built from ${modulePath}`);
  const files = new Set<string>();
  const visit = (file: string) => {
    const chunk = byFile.get(file);
    if (files.has(file) || chunk?.type !== 'chunk') return;
    files.add(file);
    chunk.imports.forEach(visit);
  };
  visit(start.fileName);
  return [...files];
}

/** Link tags that start a page's code and first data downloading with the HTML, leaving out what the template already links. */
function preloadLinks(template: string, scripts: string[], data: string[]): string {
  const code = scripts
    .map((file) => `/${file}`)
    .filter((href) => !template.includes(`"${href}"`))
    .map((href) => `<link rel="modulepreload" crossorigin href="${href}">`);
  return [...code, ...data.map((url) => `<link rel="preload" href="${url}" as="fetch" crossorigin>`)].join('');
}

/** The image preloads React's prerender writes inside #root, where the browser finds them only after the head's scripts. */
const IMAGE_PRELOADS = /<link rel="preload" as="image"[^>]*\/>/g;

/**
 * The page's HTML in the template: its image preloads first in the head, so that the picture the
 * visitor sees first downloads before the scripts; its code and data preloads at the end of the
 * head; the page itself inside #root.
 */
function pageDocument(template: string, html: string, head: string): string {
  const images = html.match(IMAGE_PRELOADS) ?? [];
  const firstScript = template.indexOf('<script');
  const withImages = firstScript < 0 ? template : template.slice(0, firstScript) + images.join('') + template.slice(firstScript);
  return withImages
    .replace('</head>', `${head}</head>`)
    .replace(ROOT_ELEMENT, `<div id="root">${html.replace(IMAGE_PRELOADS, '')}</div>`);
}

/**
 * After the client build, writes the HTML of every page of PRERENDERED_PATHS into the built
 * client's folder: its index.html with the page rendered inside #root (React's static prerender)
 * and the page's preloads in the head.
 */
export function prerenderPages(): Plugin {
  let config: ResolvedConfig;
  let bundle: OutputBundle;
  return {
    name: 'chopchop-prerender',
    apply: (userConfig, { command }) => command === 'build' && !userConfig.build?.ssr,
    configResolved(resolved) {
      config = resolved;
    },
    writeBundle(_options, written) {
      bundle = written;
    },
    async closeBundle() {
      const clientDir = path.resolve(config.root, config.build.outDir);
      const template = await readFile(path.join(clientDir, 'index.html'), 'utf8');
      if (!template.includes(ROOT_ELEMENT)) throw new Error(`index.html has no ${ROOT_ELEMENT} to render into`);
      const rendererDir = await mkdtemp(path.join(tmpdir(), 'chopchop-prerender-'));
      try {
        const renderPage = await buildRenderer(config, rendererDir);
        for (const page of PRERENDERED_PATHS) {
          const { html, code, data } = await renderPage(page);
          const scripts = code.flatMap((module) => chunksOf(bundle, path.join(config.root, module)));
          const head = preloadLinks(template, scripts, data);
          const file = path.join(clientDir, prerenderedFile(page));
          await mkdir(path.dirname(file), { recursive: true });
          await writeFile(file, pageDocument(template, html, head));
        }
      } finally {
        await rm(rendererDir, { recursive: true, force: true });
      }
    },
  };
}
