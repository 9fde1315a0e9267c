/** PostgreSQL's error code of a failed write; drizzle may wrap the driver's error in `cause`. */
function codeOf(error: unknown) {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code ?? e.cause?.code;
}

/** Whether a write failed on a unique constraint (23505). */
export const isUniqueViolation = (error: unknown) => codeOf(error) === '23505';

/** Whether a write failed on a foreign key (23503): a row still referenced, or a reference to none. */
export const isForeignKeyViolation = (error: unknown) => codeOf(error) === '23503';
