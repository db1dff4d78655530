import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * import-x/no-cycle skips `import type`, so two files that import each other, one of them for
 * types only, pass it. This rule follows every import, type-only and dynamic ones included,
 * between the files under `root` and reports an import that leads back to the file it is in.
 */
export function noTypeCycle(root, tsconfigPath) {
  const { config } = ts.readConfigFile(tsconfigPath, ts.sys.readFile);
  const { options } = ts.convertCompilerOptionsFromJson(config.compilerOptions, path.dirname(tsconfigPath));
  const inRoot = (file) => file.startsWith(`${root}${path.sep}`);

  const resolve = (specifier, from) => {
    const resolved = ts.resolveModuleName(specifier, from, options, ts.sys).resolvedModule;
    if (!resolved || resolved.isExternalLibraryImport) return null;
    const file = path.resolve(resolved.resolvedFileName);
    return inRoot(file) ? file : null;
  };

  const cache = new Map();
  const importsOf = (file) => {
    const modified = fs.statSync(file).mtimeMs;
    const cached = cache.get(file);
    if (cached?.modified === modified) return cached.imports;
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    const imports = importedFiles.map(({ fileName }) => resolve(fileName, file)).filter((target) => target !== null);
    cache.set(file, { modified, imports });
    return imports;
  };

  /** The files leading from `start` back to `file`, or null when none does. */
  const routeBack = (start, file) => {
    const cameFrom = new Map([[start, null]]);
    const queue = [start];
    while (queue.length > 0) {
      const current = queue.shift();
      for (const next of importsOf(current)) {
        if (next === file) {
          const route = [];
          for (let step = current; step !== null; step = cameFrom.get(step)) route.unshift(path.relative(root, step));
          return route;
        }
        if (!cameFrom.has(next)) {
          cameFrom.set(next, current);
          queue.push(next);
        }
      }
    }
    return null;
  };

  return {
    meta: {
      type: 'problem',
      docs: { description: 'Forbid import cycles, counting type-only imports.' },
      messages: { cycle: 'Import cycle (type-only imports count): {{route}} imports this file back.' },
      schema: [],
    },
    create(context) {
      const file = path.resolve(context.physicalFilename);
      if (!inRoot(file)) return {};
      const check = (node) => {
        if (node.source?.type !== 'Literal' || typeof node.source.value !== 'string') return;
        const target = resolve(node.source.value, file);
        if (!target || target === file) return;
        const route = routeBack(target, file);
        if (route) context.report({ node, messageId: 'cycle', data: { route: route.join(' -> ') } });
      };
      return {
        ImportDeclaration: check,
        ExportNamedDeclaration: check,
        ExportAllDeclaration: check,
        ImportExpression: check,
      };
    },
  };
}
