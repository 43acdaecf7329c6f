/** Whether a database error is a unique index refusing a row (PostgreSQL 23505, SQLite's UNIQUE constraint). */
export function isUniqueViolation(error: unknown): boolean {
  const code = error && typeof error === 'object' ? (error as { code?: unknown }).code : undefined;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
