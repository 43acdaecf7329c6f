/**
 * The PostgreSQL the API tests use: TEST_DATABASE_URL when set (`npm test` sets it to what its set-up
 * made reachable, scripts/setup/postgres.sh), else this machine's server, trust auth, database `test`.
 */
export const POSTGRES_TEST_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
