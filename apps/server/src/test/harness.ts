import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { RoleName } from '@vireo/contracts';
import { buildApp } from '../app';
import type { AppContext } from '../app-context';
import { createContext } from '../context';
import { ManualClock } from '../platform/clock';
import { loadConfig, type Config } from '../platform/config';
import { migrateDatabase, openDatabase } from '../platform/db';
import { LocalDiskStorage } from '../platform/files';
import { hashPassword } from '../platform/passwords';
import { organisationProfiles, organisations, users } from '../db/schema';
import { insertRole, type RoleRow, type UserRow } from '../modules/identity/repo';

export interface TestUser {
  user: UserRow;
  roles: RoleRow[];
  password: string;
  /** A session token for the user's first role. */
  token: string;
}

export interface Harness {
  app: FastifyInstance;
  ctx: AppContext;
  clock: ManualClock;
  org(flags?: { dailyCheck?: boolean; orderKit?: boolean; name?: string }): Promise<string>;
  user(options: { org: string; roles: RoleName[]; password?: string; email?: string }): Promise<TestUser>;
  /** A new session token for the user's first role, opened at the clock's time (after the clock moved further than a session lives). */
  session(user: TestUser): Promise<string>;
  call(method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, options?: { token?: string; body?: unknown; ip?: string }): Promise<{ status: number; body: any }>;
  close(): Promise<void>;
}

/**
 * Where every suite's clock starts: Wednesday 10 June 2026, 10:00 in London (09:00 UTC), an
 * ordinary day away from midnight, the clock changes and the end of a month. Tests that need one of
 * those move the clock there themselves; none reads the real time.
 */
export const TEST_START = new Date('2026-06-10T09:00:00Z');

let counter = 0;
const unique = () => `${process.pid}-${++counter}-${randomBytes(4).toString('hex')}`;

/** An e-mail address no other test (nor another suite on a shared database) uses. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${unique()}@example.test`;
}

/** A real app on a real database (PGlite in memory, or the suite's PostgreSQL), with a clock tests move, starting at TEST_START. */
export async function createHarness(overrides: Partial<Config> = {}): Promise<Harness> {
  const postgresUrl = inject('postgresUrl');
  const database = postgresUrl
    ? await openDatabase({ databaseUrl: postgresUrl, dataDir: '' })
    : await openDatabase({ dataDir: 'memory://' });
  if (!postgresUrl) await migrateDatabase(database);
  const clock = new ManualClock(TEST_START);
  const config = { ...loadConfig({}), ...overrides };
  const filesDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vireo-files-'));
  const ctx = createContext(config, database, clock, null, new LocalDiskStorage(filesDir));
  const app = await buildApp(ctx, { logger: false });
  await app.ready();
  const { db } = database;

  return {
    app,
    ctx,
    clock,
    async org(flags = {}) {
      const [org] = await db.insert(organisations).values({ name: flags.name ?? `Org ${unique()}` }).returning();
      await db.insert(organisationProfiles).values({ organisationId: org!.id, dailyCheck: flags.dailyCheck ?? true, orderKit: flags.orderKit ?? true });
      return org!.id;
    },
    async user({ org, roles: roleNames, password = 'correct horse battery', email }) {
      const [user] = await db
        .insert(users)
        .values({
          organisationId: org,
          firstName: 'Test',
          lastName: 'Person',
          email: email ?? uniqueEmail('user'),
          username: `user-${unique()}`,
          passwordHash: await hashPassword(password),
          dateOfBirth: Date.UTC(1990, 0, 1) / 1000,
        })
        .returning();
      const roleRows: RoleRow[] = [];
      for (const name of roleNames) roleRows.push(await insertRole(db, { name, userId: user!.id, organisationId: org, profileName: 'Test Person' }));
      const session = await ctx.sessions.open(user!.id, roleRows[0]!.id);
      return { user: user!, roles: roleRows, password, token: session.token };
    },
    async session(user) {
      return (await ctx.sessions.open(user.user.id, user.roles[0]!.id)).token;
    },
    async call(method, url, options = {}) {
      const response = await app.inject({
        method,
        url,
        headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
        ...(options.body === undefined ? {} : { payload: options.body as object }),
        remoteAddress: options.ip ?? `10.${counter % 250}.${Math.floor(Math.random() * 250)}.${++counter % 250}`,
      });
      const type = String(response.headers['content-type'] ?? '');
      return { status: response.statusCode, body: type.includes('json') ? response.json() : response.body };
    },
    async close() {
      await app.close();
      await database.close();
      await fs.rm(filesDir, { recursive: true, force: true });
    },
  };
}
