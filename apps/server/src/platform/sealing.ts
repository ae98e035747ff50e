import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Clock } from './clock';
import type { Db } from './db';
import { linkSigningKeys } from '../db/schema';

const VERSION = 'v1';
const KEY_PURPOSE = 'message-sealing';

/** AES-256-GCM: `v1.<iv>.<tag>.<ciphertext>`, each part base64url. */
function sealWith(key: Buffer, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
}

function openWith(key: Buffer, sealed: string): string {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('not a sealed value');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

/** Parses MESSAGE_KEY: 32 bytes, base64 or base64url (`openssl rand -base64 32`). */
export function parseMessageKey(value: string | undefined): Buffer | undefined {
  if (!value) return undefined;
  const key = Buffer.from(value, 'base64');
  if (key.length !== 32) throw new Error('MESSAGE_KEY must be 32 bytes, base64-encoded (openssl rand -base64 32)');
  return key;
}

/**
 * Seals what must not sit in the database in clear (message bodies with one-time links, tokens an
 * outbox handler needs) so that the server, and only a holder of the key, can read it back. The key
 * is MESSAGE_KEY when configured (keep it outside the database's backups); otherwise one is generated
 * on first start and kept in `link_signing_keys`, which every process on the database shares.
 */
export class Sealer {
  private key: Promise<Buffer> | null;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    configuredKey: Buffer | undefined,
  ) {
    this.key = configuredKey ? Promise.resolve(configuredKey) : null;
  }

  private loadKey(): Promise<Buffer> {
    this.key ??= (async () => {
      await this.db
        .insert(linkSigningKeys)
        .values({ purpose: KEY_PURPOSE, secret: randomBytes(32).toString('base64url'), createdAt: this.clock.now() })
        .onConflictDoNothing();
      const [row] = await this.db.select().from(linkSigningKeys).where(eq(linkSigningKeys.purpose, KEY_PURPOSE));
      if (!row) throw new Error('message sealing key missing');
      return Buffer.from(row.secret, 'base64url');
    })().catch((error: unknown) => {
      this.key = null;
      throw error;
    });
    return this.key;
  }

  /**
   * Loads (or creates) the key. Call it at start: sealing inside a transaction must not be the
   * first use, or the key would be read (on PGlite, waited for) outside that transaction.
   */
  async ready(): Promise<void> {
    await this.loadKey();
  }

  async seal(text: string): Promise<string> {
    return sealWith(await this.loadKey(), text);
  }

  async open(sealed: string): Promise<string> {
    return openWith(await this.loadKey(), sealed);
  }
}

/** A key only the holder of `secret` can rebuild (a payer's hold token), for values sealed for them alone. */
function keyFromSecret(secret: string, context: string): Buffer {
  return Buffer.from(hkdfSync('sha256', createHash('sha256').update(secret).digest(), context, 'vireo sealed for the holder', 32));
}

export function sealForHolder(secret: string, context: string, text: string): string {
  return sealWith(keyFromSecret(secret, context), text);
}

export function openForHolder(secret: string, context: string, sealed: string): string {
  return openWith(keyFromSecret(secret, context), sealed);
}
