import { RawJson } from './hostile.js';

/** Turning generated values into the text of a request. */

/** JSON text, writing RawJson fragments as they are. */
export function toJsonText(value: unknown): string {
  const raw: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof RawJson) {
      raw.push(v.text);
      return `\u0001raw${raw.length - 1}\u0001`;
    }
    return v;
  });
  if (text === undefined) return '';
  return text.replace(/"\\u0001raw(\d+)\\u0001"/g, (_m, i: string) => raw[Number(i)] ?? 'null');
}

/** In mixed mode a whole params, query or headers object may be replaced by a value of another type. */
export const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : { value };

/** A value as the text of a path segment, query value or form field. */
export const asText = (value: unknown): string =>
  typeof value === 'string' ? value : value === undefined ? '' : toJsonText(value);
