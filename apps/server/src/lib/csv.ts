import { stringify } from 'csv-stringify/sync';

/**
 * A cell a spreadsheet would read as a formula (=, +, -, @, or a tab or carriage return first) is written with a
 * leading apostrophe, as OWASP advises for CSV injection: `=HYPERLINK(…)` in a learner's name stays text.
 */
export const inertCell = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** Rows as a CSV file with a header line; every text cell made inert. Every CSV the project writes goes through here. */
export const csvFile = (rows: Record<string, string | number | boolean | null | undefined>[]) => stringify(rows, { header: true, cast: { string: inertCell } });
