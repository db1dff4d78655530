import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Prose that names a migration by number stays true: the README, docs/ and every comment or test
 * title in src, e2e, scripts and bench are read, and a mention such as `0010_heatmap` must be a
 * migration of meta/_journal.json, number and name both. A bare "migration 0010" is refused
 * because nothing could tell whether it still means what its sentence says; write the name
 * (`0010_heatmap`) or say which migration in words ("the heatmap migration"). A name without a
 * number ("the admin_people migration") must be the name of a migration too. The migrations'
 * own SQL is not read: its comments speak of its neighbours, and it never changes once applied.
 */

const root = fileURLToPath(new URL('../../../', import.meta.url));
const migrationsDir = path.join(root, 'src/server/db/migrations');

const journal = JSON.parse(readFileSync(path.join(migrationsDir, 'meta/_journal.json'), 'utf8')) as {
  entries: { tag: string }[];
};
const tags = new Set(journal.entries.map((entry) => entry.tag));
const names = new Set([...tags].map((tag) => tag.replace(/^\d+_/, '')));

const SKIP_DIRS = new Set(['node_modules', 'dist', 'coverage', '.git']);
const TEXT_FILE = /\.(md|ts|tsx|mts|mjs|cjs|js)$/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIP_DIRS.has(entry.name) || full === migrationsDir ? [] : filesUnder(full);
    return TEXT_FILE.test(entry.name) ? [full] : [];
  });
}

const DIGITS = '\\d{4}';
// A migration's tag: four digits, an underscore, the snake_case name. Digits that go on (1000_000) are a number, not a tag.
const TAG = new RegExp(`(?<![\\w.])(${DIGITS})_([a-z][a-z0-9]*(?:_[a-z0-9]+)*)`, 'g');
// "migration 0010" or "Migrations 0010" with no name after the number.
const BARE_NUMBER = new RegExp(`\\bmigrations?\\s+\`?(${DIGITS})\\b(?!_)`, 'gi');
// "the admin_people migration": a snake_case name in front of the word.
const NAME_ONLY = /(?<![\w.])`?([a-z][a-z0-9]*(?:_[a-z0-9]+)+)`?\s+migrations?\b/g;

type Problem = { file: string; line: number; text: string; why: string };

function problemsIn(file: string, text: string): Problem[] {
  const problems: Problem[] = [];
  const relative = path.relative(root, file);
  const lineOf = (index: number) => text.slice(0, index).split('\n').length;
  for (const match of text.matchAll(TAG)) {
    if (!tags.has(match[0]))
      problems.push({ file: relative, line: lineOf(match.index), text: match[0], why: 'no migration has this number and name' });
  }
  for (const match of text.matchAll(BARE_NUMBER)) {
    const tag = [...tags].find((candidate) => candidate.startsWith(`${match[1]}_`));
    problems.push({
      file: relative,
      line: lineOf(match.index),
      text: match[0],
      why: tag ? `name it (${tag}) or say which migration in words` : 'no migration has this number',
    });
  }
  for (const match of text.matchAll(NAME_ONLY)) {
    if (!names.has(match[1] ?? ''))
      problems.push({ file: relative, line: lineOf(match.index), text: match[0], why: 'no migration has this name' });
  }
  return problems;
}

describe('migrations named in prose', () => {
  it('the journal lists the migrations the check compares with', () => {
    expect(tags.size).toBeGreaterThan(0);
    expect(tags.has('0000_init')).toBe(true);
  });

  it('every migration the README, docs/ and the source name exists under that number and name', () => {
    const files = [
      path.join(root, 'README.md'),
      ...['docs', 'src', 'e2e', 'scripts', 'bench'].flatMap((dir) => filesUnder(path.join(root, dir))),
    ].filter((file) => file !== fileURLToPath(import.meta.url));
    const problems = files.flatMap((file) => problemsIn(file, readFileSync(file, 'utf8')));
    expect(problems).toEqual([]);
  });

  it('refuses a wrong number, a wrong name and a bare number', () => {
    const text = [
      '0010_heatmap',
      '0010_refunds',
      '0099_missing',
      'migration 0010',
      'the admin_people migration',
      'the nope_here migration',
    ].join('\n');
    expect(problemsIn(path.join(root, 'x.md'), text).map((problem) => problem.text)).toEqual([
      '0010_refunds',
      '0099_missing',
      'migration 0010',
      'nope_here migration',
    ]);
  });
});
