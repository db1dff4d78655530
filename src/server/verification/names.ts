/**
 * Names on ID cards: finding the holder's name in the text OCR read from a card, and comparing it
 * with the name on a profile. Pure functions, no I/O.
 */

/** A name as compared: lower case, without accents, in words of letters only. */
export function nameTokens(name: string): string[] {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter((token) => token.length > 0);
}

/** The Levenshtein edit distance between two strings (insertions, deletions and substitutions). */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** 1 for the same word, 0 for nothing in common: one minus the edit distance over the longer length. */
export function wordSimilarity(a: string, b: string): number {
  const longer = Math.max(a.length, b.length);
  return longer === 0 ? 1 : 1 - editDistance(a, b) / longer;
}

/**
 * How well two names agree, from 0 to 1, whatever the order of their words and allowing small
 * spelling differences. Each word of the name with fewer words is paired with a different word
 * of the other (best pairs first); the score is the pairs' word similarity weighted by the
 * longer word's length, lowered a little for every word of the longer name left without a pair, so that a
 * middle name missing on one side costs less than a first name that differs.
 *
 * 'Ama Serwaa Mensah' and 'MENSAH Ama' score 0.90, 'Ama Mensah' and 'Ama Mensa' 0.89,
 * 'Ama Mensah' and 'Kofi Mensah' 0.60, 'Ama' and 'Ama Serwaa Mensah' 0.76.
 */
export function nameSimilarity(a: string, b: string): number {
  const [shorter, longer] = [nameTokens(a), nameTokens(b)].sort((x, y) => x.length - y.length) as [string[], string[]];
  if (shorter.length === 0) return 0;

  const pairs = shorter
    .flatMap((word, i) => longer.map((other, j) => ({ i, j, similarity: wordSimilarity(word, other) })))
    .sort((x, y) => y.similarity - x.similarity);
  const pairedShort = new Set<number>();
  const pairedLong = new Set<number>();
  let weighted = 0;
  let weights = 0;
  for (const { i, j, similarity } of pairs) {
    if (pairedShort.has(i) || pairedLong.has(j)) continue;
    pairedShort.add(i);
    pairedLong.add(j);
    const weight = Math.max(shorter[i]!.length, longer[j]!.length);
    weighted += similarity * weight;
    weights += weight;
  }
  const unpairedPenalty = (shorter.length / longer.length) ** 0.25;
  return (weighted / weights) * unpairedPenalty;
}

type LabelKind = 'full' | 'given' | 'surname';

/**
 * Labels of name lines. OCR often reads the edge of the card's photo as a few marks before the
 * text ('i | Name: ...'), so a label may follow up to five characters, but not a letter:
 * 'Father's name' is not the holder's.
 */
const label = (words: string) => new RegExp(`^.{0,5}?(?<![\\p{L}'’])(?:${words})(?![\\p{L}])`, 'iu');
const LABELS: { kind: LabelKind; pattern: RegExp }[] = [
  { kind: 'surname', pattern: label('surnames?|last\\s*names?|family\\s*names?') },
  { kind: 'given', pattern: label('given\\s*names?|first\\s*names?|forenames?|other\\s*names?') },
  { kind: 'full', pattern: label('full\\s*names?|names?') },
];

/** Words that label or decorate a card, never part of its holder's name. */
const CARD_WORDS = new Set(
  (
    'national identity identification id card republic of the federal government ghana nigeria kenya ecowas ' +
    'date birth sex male female nationality expiry expires issue issued signature holder personal number no ' +
    'document passport driver drivers licence license height place address citizen valid until'
  ).split(' '),
);

/** A name's letters, spaces, hyphens and apostrophes, without label punctuation or OCR specks; null without two letters. */
function cleanName(value: string): string | null {
  const cleaned = value
    .replace(/[^\p{L}\p{M}' -]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[-' ]+|[-' ]+$/g, '');
  return (cleaned.match(/\p{L}/gu)?.length ?? 0) >= 2 ? cleaned : null;
}

/** What follows a label on its line: 'Surname / Nom: MENSAH' gives 'MENSAH'. */
function afterLabel(line: string, pattern: RegExp): string {
  const rest = line.replace(pattern, '');
  const colon = rest.lastIndexOf(':');
  return colon >= 0 ? rest.slice(colon + 1) : rest.replace(/^\s*[.;\-–]/, '');
}

function labelOf(line: string) {
  return LABELS.find(({ pattern }) => pattern.test(line));
}

/** How much a line looks like a name on its own: words of letters, two to four of them, no card words. */
function nameLikeness(line: string): number {
  if (/\d/.test(line)) return 0;
  const name = cleanName(line);
  if (!name) return 0;
  const words = name.split(' ');
  if (words.length < 2 || words.length > 4) return 0;
  if (words.some((word) => word.length < 2 || CARD_WORDS.has(word.toLowerCase()))) return 0;
  // OCR specks turn into stray punctuation; a clean line keeps most of its characters as letters.
  const letters = name.replace(/[^\p{L}]/gu, '').length;
  const cleanliness = letters / line.replace(/\s/g, '').length;
  const capitalised = words.every((word) => /^\p{Lu}/u.test(word)) ? 1 : 0.5;
  return cleanliness * capitalised * (words.length <= 3 ? 1 : 0.8);
}

/**
 * The holder's name in the text read from an ID card, or null when none can be found. A line
 * labelled 'Name' (or 'Full name') gives it whole; 'Given names' and 'Surname' lines are put
 * together, given names first. A label alone on its line takes the next line as its value.
 * Without any label, the most name-like line is taken: two to four capitalised words of letters
 * that are not words of the card itself ('REPUBLIC OF GHANA', 'NATIONAL ID').
 */
export function extractName(text: string): string | null {
  const lines = text
    .split(/\r?\n/)
    // OCR reads a card's edges and specks as stray marks before the text: '| Name: ...'.
    .map((line) => line.replace(/^[^\p{L}\d]+/u, '').trim())
    .filter((line) => line.length > 0);

  const found: Partial<Record<LabelKind, string>> = {};
  lines.forEach((line, index) => {
    const label = labelOf(line);
    if (!label || found[label.kind]) return;
    const sameLine = cleanName(afterLabel(line, label.pattern));
    const next = lines[index + 1];
    const nextLine = !sameLine && next !== undefined && !labelOf(next) && !/\d/.test(next) ? cleanName(next) : null;
    const value = sameLine ?? nextLine;
    if (value) found[label.kind] = value;
  });
  if (found.full) return found.full;
  if (found.given || found.surname) return [found.given, found.surname].filter(Boolean).join(' ');

  let best: { name: string; score: number } | null = null;
  for (const line of lines) {
    const score = nameLikeness(line);
    if (score > 0 && (!best || score > best.score)) best = { name: cleanName(line)!, score };
  }
  return best?.name ?? null;
}
