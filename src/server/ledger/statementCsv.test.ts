import { describe, expect, it } from 'vitest';
import { statementFilename } from '@shared/ledger/statement.js';
import { inertText } from './statementCsv.js';

describe('statement CSV cells', () => {
  it('makes text a spreadsheet would run as a formula inert with a leading apostrophe, and leaves other text alone', () => {
    for (const formula of ['=1+1', '+1', '-1', '@SUM(A1)', '\tcmd', '\rcmd', "=cmd|' /C calc'!A0"]) {
      expect(inertText(formula)).toBe(`'${formula}`);
    }
    for (const plain of ['Order delivered', 'GH₵', '', 'a=b', ' =1']) expect(inertText(plain)).toBe(plain);
  });

  it('names the file for the owner and the period, its last day included, in safe letters', () => {
    expect(statementFilename('Chop House "Osu" / Accra', { from: '2026-11-01', to: '2026-12-01' })).toBe(
      'statement-chop-house-osu-accra-2026-11-01-to-2026-11-30.csv',
    );
    expect(statementFilename('Café Ñandú', { from: '2026-02-01', to: '2026-03-01' })).toBe(
      'statement-cafe-nandu-2026-02-01-to-2026-02-28.csv',
    );
    expect(statementFilename('☕☕', { from: '2026-02-01', to: '2026-02-02' })).toBe('statement-2026-02-01-to-2026-02-01.csv');
  });
});
