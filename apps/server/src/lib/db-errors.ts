/** Whether a write failed on a unique constraint (PostgreSQL's 23505; drizzle may wrap it in `cause`). */
export function isUniqueViolation(error: unknown) {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
}
