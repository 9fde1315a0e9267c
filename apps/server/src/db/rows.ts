/** The rows of a raw `db.execute(sql…)`: both drivers (PGlite and node-postgres) answer `{ rows }`. */
export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
