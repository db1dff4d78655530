import { STATEMENT_KIND_LABELS, type Statement, type StatementEntry } from '@shared/ledger/statement.js';
import { toMajorString } from '@shared/money.js';

/**
 * A statement as CSV (RFC 4180: comma-separated, CRLF line ends, a header row) for a spreadsheet:
 * the opening balance, every entry of the period and the closing balance, amounts as decimals
 * ("12.50"), positive when owed to the restaurant or rider. Text a spreadsheet would run as a
 * formula (a cell starting with =, +, -, @, a tab or a carriage return) is quoted with a leading
 * apostrophe, so a memo can never become a formula in whoever opens the file (CSV injection).
 */

export const CSV_HEADER = ['Date', 'Type', 'Order', 'Order ID', 'Paid by', 'Memo', 'Currency', 'Amount', 'Balance'] as const;

/** Excel reads a file as UTF-8 (GH₵, ₦) only when it starts with a byte order mark. */
const BOM = '\uFEFF';
const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell that no spreadsheet runs as a formula. */
export const inertText = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);

/** A cell, quoted when it holds a comma, a quote or a line break. */
const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

const line = (cells: readonly string[]) => `${cells.map(cell).join(',')}\r\n`;

const amount = (minor: number) => toMajorString(minor);

function entryLine(entry: StatementEntry, currencySymbol: string): string {
  return line([
    entry.at,
    inertText(STATEMENT_KIND_LABELS[entry.kind]),
    entry.shortId ?? '',
    entry.orderId ?? '',
    entry.paidBy ?? '',
    inertText(entry.memo ?? ''),
    inertText(currencySymbol),
    amount(entry.amount),
    amount(entry.balance),
  ]);
}

/** The file's lines, written as the entries arrive. */
export async function* statementCsvLines(
  statement: Pick<Statement, 'from' | 'to' | 'currencySymbol' | 'openingBalance' | 'closingBalance' | 'entries'>,
  rest: AsyncIterable<StatementEntry>,
): AsyncGenerator<string> {
  const currency = statement.currencySymbol ?? '';
  const balanceLine = (label: string, at: string, balance: number) =>
    line([at, label, '', '', '', '', inertText(currency), '', amount(balance)]);
  yield BOM + line(CSV_HEADER);
  yield balanceLine('Opening balance', `${statement.from}T00:00:00.000Z`, statement.openingBalance);
  for (const entry of statement.entries) yield entryLine(entry, currency);
  for await (const entry of rest) yield entryLine(entry, currency);
  yield balanceLine('Closing balance', `${statement.to}T00:00:00.000Z`, statement.closingBalance);
}
