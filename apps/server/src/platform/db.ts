import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from '../db/schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The PGlite instance when embedded; pg-boss runs on it through its adapter. */
  pglite?: PGlite;
  connectionString?: string;
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(import.meta.dirname, '../db/migrations');
/** Serialises migrations when several server processes start against one PostgreSQL. */
const MIGRATION_LOCK = 72_190_401;

/**
 * Opens PostgreSQL when a URL is given, else PGlite in `dataDir` (or in memory for 'memory://'),
 * started from `snapshot` (a PGlite data directory dump) when one is given.
 */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string; snapshot?: Blob }): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 20 });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return { db, kind: 'postgres', connectionString: options.databaseUrl, close: () => pool.end() };
  }
  let dataDir = options.dataDir;
  if (dataDir !== 'memory://') {
    await fs.mkdir(options.dataDir, { recursive: true });
    dataDir = path.join(options.dataDir, 'pglite');
  }
  // pg_trgm: the trigram indexes of the name searches (migration 0043_certificate_name_search).
  const pglite = await PGlite.create({ dataDir, extensions: { pg_trgm }, ...(options.snapshot ? { loadDataDir: options.snapshot } : {}) });
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  return { db, kind: 'pglite', pglite, close: () => pglite.close() };
}

export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder });
    return;
  }
  const client = new pg.Client({ connectionString: database.connectionString });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(client), { migrationsFolder });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await client.end();
  }
}

/** The rows of a raw `db.execute` answer; both drivers answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const dialect = new PgDialect();

/** A statement as sent: its text with `$n` placeholders and their values. */
export interface Statement {
  sql: string;
  params: unknown[];
}

/** Drizzle's SQL as a statement, for code that builds the rest of a statement's text itself. */
export function compile(fragment: SQL): Statement {
  return dialect.sqlToQuery(fragment);
}

/**
 * Names of the prepared statements by their text. Bounded: statements whose text varies with the
 * request (a search's filters) stop being prepared once this many are known, so neither the server
 * nor PostgreSQL's connections collect them without end.
 */
const PREPARED_NAMES_MAX = 500;
const preparedNames = new Map<string, string>();

function preparedName(text: string): string | undefined {
  const known = preparedNames.get(text);
  if (known || preparedNames.size >= PREPARED_NAMES_MAX) return known;
  const name = `vireo_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
  preparedNames.set(text, name);
  return name;
}

/**
 * Runs a statement the server sends on most requests as a named prepared statement on PostgreSQL:
 * each pooled connection parses and plans it once rather than every time (about a millisecond of
 * the database's time for a list page). PGlite runs it as is.
 */
export async function executePrepared<T>(db: Db, statement: SQL | Statement): Promise<T[]> {
  const query = statement instanceof SQL ? compile(statement) : statement;
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof pg.Pool) {
    const result = await client.query({ name: preparedName(query.sql), text: query.sql, values: query.params });
    return result.rows as T[];
  }
  return (await (client as PGlite).query<T>(query.sql, query.params)).rows;
}

export async function checkDatabase(db: Db): Promise<void> {
  await db.execute(sql`SELECT 1`);
}
