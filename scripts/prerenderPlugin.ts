import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig, type Rolldown } from 'vite';
import { framePage, frameOf } from '../src/shared/pageFrame.js';
import { LIVE_PAGE, PRERENDERED_PATHS, prerenderedFile, RENDERER } from '../src/shared/prerenderedPages.js';
import type * as Renderer from '../src/client/prerender/renderPage.js';

/** Builds the app's code for Node (its entry and the chunks of its pages, kept for the server's live page) and loads it. */
async function buildRenderer(config: ResolvedConfig, outDir: string): Promise<typeof Renderer> {
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
      rolldownOptions: { output: { codeSplitting: true, entryFileNames: RENDERER.file } },
    },
  });
  return (await import(pathToFileURL(path.join(outDir, RENDERER.file)).href)) as typeof Renderer;
}

/** The built files a module needs: its chunk and every chunk that chunk imports, however deep. */
function chunksOf(bundle: Rolldown.OutputBundle, modulePath: string): string[] {
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

const APP_SCRIPT = /<script type="module" crossorigin src="[^"]+"><\/script>/;
const MODULE_PRELOADS = /\s*<link rel="modulepreload" crossorigin href="[^"]+">/g;

/** The template with `script` (a built file) as its only code: the app's script and its preloads are gone. */
function withOwnScript(template: string, script: string): string {
  if (!APP_SCRIPT.test(template)) throw new Error('index.html has no module script to replace');
  return template
    .replace(MODULE_PRELOADS, '')
    .replace(APP_SCRIPT, `<script type="module" crossorigin src="/${script}"></script>`);
}

const STYLESHEET = /<link rel="stylesheet" crossorigin href="\/([^"]+)">/;

/**
 * The template with its stylesheet inside the document: the page paints with the HTML's own
 * bytes, not a round trip later (on a 400 ms network, most of a second), for some 10 KB more.
 */
async function withInlineStyles(template: string, clientDir: string): Promise<string> {
  const link = STYLESHEET.exec(template);
  if (!link) throw new Error('index.html links no stylesheet');
  const css = await readFile(path.join(clientDir, link[1]!), 'utf8');
  return template.replace(link[0], () => `<style>${css}</style>`);
}

/**
 * After the client build, writes the HTML of every page of PRERENDERED_PATHS into the built
 * client's folder: its index.html with the page rendered inside #root (React's static prerender)
 * and the page's preloads in the head. Beside that folder it leaves the renderer and every
 * live page's frame, with which the server renders LIVE_PAGE on each visit.
 */
export function prerenderPages(): Plugin {
  let config: ResolvedConfig;
  let bundle: Rolldown.OutputBundle;
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
      const rendererDir = path.resolve(clientDir, '..', RENDERER.folder);
      const template = await withInlineStyles(await readFile(path.join(clientDir, 'index.html'), 'utf8'), clientDir);
      const { renderPage, PAGE_NEEDS } = await buildRenderer(config, rendererDir);
      for (const page of PRERENDERED_PATHS) {
        const { code, data, entry } = PAGE_NEEDS[page];
        const [ownScript, ...ownImports] = entry ? chunksOf(bundle, path.join(config.root, entry)) : [];
        const pageTemplate = ownScript ? withOwnScript(template, ownScript) : template;
        const scripts = [
          ...new Set([...ownImports, ...code.flatMap((module) => chunksOf(bundle, path.join(config.root, module)))]),
        ];
        const frame = (fetches: string[]) => frameOf(pageTemplate, preloadLinks(pageTemplate, scripts, fetches));
        const file = path.join(clientDir, prerenderedFile(page));
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(file, framePage(frame(data), (await renderPage(page)).html));
        // The live page comes with its data, so its frame does not ask for it again.
        if (page === LIVE_PAGE) await writeFile(path.join(rendererDir, RENDERER.frame), JSON.stringify(frame([])));
      }
    },
  };
}
