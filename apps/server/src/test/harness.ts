import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { GrantablePermission, RoleName } from '@vireo/contracts';
import { buildApp } from '../app';
import type { AppContext } from '../app-context';
import { createContext } from '../context';
import { ManualClock } from '../platform/clock';
import { loadConfig, type Config } from '../platform/config';
import { migrateDatabase, openDatabase, type Database } from '../platform/db';
import { LocalDiskStorage } from '../platform/files';
import { Jobs } from '../platform/jobs';
import { hashPassword } from '../platform/passwords';
import { messages, organisationProfiles, organisations, permissionGrants, users } from '../db/schema';
import type { DeliveryOutcome } from '../platform/outbox';
import { insertRole, type RoleRow, type UserRow } from '../modules/identity';
import { createScratchDatabase } from './processes';

export interface TestUser {
  user: UserRow;
  roles: RoleRow[];
  password: string;
  /** A session token for the user's first role. */
  token: string;
}

type MessageRow = typeof messages.$inferSelect;

export interface Harness {
  app: FastifyInstance;
  ctx: AppContext;
  clock: ManualClock;
  org(flags?: { dailyCheck?: boolean; orderKit?: boolean; name?: string }): Promise<string>;
  /** A user holding `roles` (the first is the session's) and the per-account `grants`, with a session. */
  user(options: { org: string; roles: RoleName[]; password?: string; email?: string; grants?: GrantablePermission[] }): Promise<TestUser>;
  /** A new session token for the user's first role, opened at the clock's time (after the clock moved further than a session lives). */
  session(user: TestUser): Promise<string>;
  call(method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, options?: { token?: string; body?: unknown; ip?: string; headers?: Record<string, string> }): Promise<{ status: number; body: any }>;
  /** Delivers every outbox event due by the test clock: what the relay's jobs do in a server process. */
  deliverOutbox(): Promise<Record<DeliveryOutcome, number>>;
  /** The recorded e-mails (delivered first), oldest first, their sealed bodies opened. */
  mails(filter?: { recipient?: string; template?: string }): Promise<MessageRow[]>;
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

/** On PostgreSQL, this worker's database, shared by the files it runs in turn (global-setup.ts). */
function workerDatabaseUrl(): string | undefined {
  const urls = inject('postgresWorkerUrls');
  if (!urls || urls.length === 0) return undefined;
  return urls[(Number(process.env.VITEST_POOL_ID ?? '1') - 1) % urls.length];
}

/**
 * On PGlite, this worker's database, shared by the files it runs in turn (the api project does not
 * isolate files, so this module and the database outlive each file), as a worker shares its
 * database on PostgreSQL. Opened on first use, closed when the worker ends.
 */
let workerPglite: Promise<Database> | undefined;

/** A PGlite database in memory, loaded from the dump global-setup.ts migrated (or migrated here without one). */
async function openMigratedPglite(): Promise<Database> {
  const snapshot = inject('pgliteSnapshot');
  const database = await openDatabase({ dataDir: 'memory://', ...(snapshot ? { snapshot: new Blob([await fs.readFile(snapshot)]) } : {}) });
  if (!snapshot) await migrateDatabase(database);
  return database;
}

/**
 * A real app on a real database (PGlite in memory, or the suite's PostgreSQL), with a clock tests
 * move, starting at TEST_START. The files a worker runs in turn share its database and isolate by
 * creating fresh organisations and people. `ownDatabase` gives a file a database of its own, for tests
 * whose outbox deliveries must not be taken by other files' relays on the shared one (a test mail
 * server, say), or that count what the whole database holds. The app logs nothing unless `logStream`
 * is given, which then receives every log line.
 */
export async function createHarness(
  overrides: Partial<Config> = {},
  options: { ownDatabase?: boolean; logStream?: { write(line: string): void } } = {},
): Promise<Harness> {
  const sharedUrl = workerDatabaseUrl();
  const scratch = sharedUrl && options.ownDatabase ? await createScratchDatabase(sharedUrl) : null;
  const postgresUrl = scratch?.url ?? sharedUrl;
  const shared = !postgresUrl && !options.ownDatabase;
  const database = postgresUrl
    ? await openDatabase({ databaseUrl: postgresUrl, dataDir: '' })
    : shared
      ? await (workerPglite ??= openMigratedPglite())
      : await openMigratedPglite();
  if (scratch) await migrateDatabase(database);
  const clock = new ManualClock(TEST_START);
  const config = { ...loadConfig({}), ...overrides };
  const filesDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vireo-files-'));
  const ctx = createContext(config, database, clock, new Jobs(null), new LocalDiskStorage(filesDir));
  await ctx.sealer.ready();
  const app = await buildApp(ctx, options.logStream ? { logStream: options.logStream } : { logger: false });
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
    async user({ org, roles: roleNames, password = 'correct horse battery', email, grants = [] }) {
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
      for (const permission of grants) await db.insert(permissionGrants).values({ userId: user!.id, permission, grantedAt: clock.now() });
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
        headers: { ...options.headers, ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
        ...(options.body === undefined ? {} : { payload: options.body as object }),
        remoteAddress: options.ip ?? `10.${counter % 250}.${Math.floor(Math.random() * 250)}.${++counter % 250}`,
      });
      const type = String(response.headers['content-type'] ?? '');
      return { status: response.statusCode, body: type.includes('json') ? response.json() : response.body };
    },
    deliverOutbox: () => ctx.outbox.deliverDue(),
    async mails(filter = {}) {
      await ctx.outbox.deliverDue();
      const where = and(filter.recipient ? eq(messages.recipient, filter.recipient) : undefined, filter.template ? eq(messages.template, filter.template) : undefined);
      const rows = await db.select().from(messages).where(where).orderBy(asc(messages.createdAt), asc(messages.id));
      return Promise.all(rows.map((row) => ctx.mailer.open(row)));
    },
    async close() {
      await app.close();
      if (!shared) await database.close();
      await scratch?.drop();
      await fs.rm(filesDir, { recursive: true, force: true });
    },
  };
}
