/** Label and value lines (the instruction's details, a sandbox checkout); lines without a value are left out. */
export function DetailLines({ rows, className = '' }: { rows: [string, string | null][]; className?: string }) {
  return (
    <dl className={`summary-lines ${className}`.trim()}>
      {rows
        .filter((row): row is [string, string] => row[1] !== null)
        .map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}
