/**
 * The rule that lets two releases' processes share one database during a rolling upgrade (README: Upgrades): a
 * migration only adds. These statements would break the processes of the release before it.
 */
const CONTRACTING: { what: string; pattern: RegExp }[] = [
  { what: 'drops a table, view, type or function', pattern: /\bdrop\s+(table|view|materialized\s+view|type|function)\b/i },
  { what: 'drops a column', pattern: /\bdrop\s+column\b/i },
  { what: 'renames', pattern: /\brename\b/i },
  { what: 'makes a column required', pattern: /\bset\s+not\s+null\b/i },
  { what: "changes a column's type", pattern: /\balter\s+column\s+"?\w+"?\s+(set\s+data\s+)?type\b/i },
  // An old process's insert names only the columns it knows: a new required one needs a default.
  { what: 'adds a required column without a default', pattern: /\badd\s+column\b(?![^;]*\bdefault\b)[^;]*\bnot\s+null\b/i },
];

/** A migration whose file says why it may contract (and so needs every process stopped): `-- contracts: …`. */
const MARKED = /^\s*--\s*contracts:\s*\S/im;

/** What in a migration's SQL the previous release could not live with; empty when it only adds (or is marked). */
export function contractingStatements(migrationSql: string): { statement: string; what: string }[] {
  if (MARKED.test(migrationSql)) return [];
  const code = migrationSql.replace(/--[^\n]*/g, '');
  return code
    .split(/;/)
    .map((statement) => statement.trim())
    .filter(Boolean)
    .flatMap((statement) => CONTRACTING.filter((c) => c.pattern.test(statement)).map((c) => ({ statement, what: c.what })));
}
