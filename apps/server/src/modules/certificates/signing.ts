import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import { eq, ne } from 'drizzle-orm';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import type { Sealer } from '../../platform/sealing';
import { certificateSigningKeys } from '../../db/schema';

export interface PublicJwk {
  kid: string;
  kty: 'OKP';
  crv: 'Ed25519';
  x: string;
  alg: 'EdDSA';
  use: 'sig';
}

export type TokenCheck = { ok: true; kid: string; payload: Record<string, unknown> } | { ok: false };

const JOSE_HEADER_TYP = 'JWT';
/** How often an unknown key id may send the verifier back to the database for keys added by another process. */
const RELOAD_INTERVAL_MS = 10_000;

function base64url(data: Buffer | string): string {
  return Buffer.from(data).toString('base64url');
}

/** The raw public key (JWK `x`) of an Ed25519 key. */
function publicX(key: KeyObject): string {
  const jwk = key.export({ format: 'jwk' });
  if (jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519' || !jwk.x) throw new Error('not an Ed25519 key');
  return jwk.x;
}

/** RFC 7638 JWK thumbprint: the key id, the same wherever the key is known. */
export function thumbprint(x: string): string {
  return base64url(createHash('sha256').update(`{"crv":"Ed25519","kty":"OKP","x":"${x}"}`).digest());
}

/** Parses CERTIFICATE_SIGNING_KEY: an Ed25519 private key as PKCS#8 PEM, or its DER in base64. */
export function parseCertificateSigningKey(value: string | undefined): KeyObject | undefined {
  if (!value) return undefined;
  const key = value.includes('-----BEGIN') ? createPrivateKey(value) : createPrivateKey({ key: Buffer.from(value, 'base64'), format: 'der', type: 'pkcs8' });
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('CERTIFICATE_SIGNING_KEY must be an Ed25519 private key (openssl genpkey -algorithm ed25519)');
  return key;
}

interface Signer {
  kid: string;
  key: KeyObject;
}

/**
 * The certificates' signing keys: the active one signs compact JWS (EdDSA); every key ever used
 * verifies and is published. The active key is CERTIFICATE_SIGNING_KEY when configured (a new one
 * configured becomes active, the old stay published), else the stored one, else one generated on
 * first start and kept sealed.
 */
export class CertificateKeys {
  private signer: Promise<Signer> | null = null;
  private publicKeys = new Map<string, KeyObject>();
  private lastLoad = 0;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly sealer: Pick<Sealer, 'seal' | 'open'>,
    private readonly configured: KeyObject | undefined,
  ) {}

  private async loadSigner(): Promise<Signer> {
    if (this.configured) {
      const x = publicX(createPublicKey(this.configured));
      const kid = thumbprint(x);
      await this.db.transaction(async (tx) => {
        const [current] = await tx.select().from(certificateSigningKeys).where(eq(certificateSigningKeys.active, true));
        if (current?.kid === kid) return;
        await tx.update(certificateSigningKeys).set({ active: false }).where(ne(certificateSigningKeys.kid, kid));
        await tx
          .insert(certificateSigningKeys)
          .values({ kid, publicKey: x, privateKeySealed: null, active: true, createdAt: this.clock.now() })
          .onConflictDoUpdate({ target: certificateSigningKeys.kid, set: { active: true } });
      });
      return { kid, key: this.configured };
    }
    const [stored] = await this.db.select().from(certificateSigningKeys).where(eq(certificateSigningKeys.active, true));
    if (stored?.privateKeySealed) return { kid: stored.kid, key: createPrivateKey(await this.sealer.open(stored.privateKeySealed)) };
    if (stored) throw new Error('The active certificate signing key was configured: set CERTIFICATE_SIGNING_KEY again, or rotate to a new key');
    await this.insertGenerated();
    return this.loadSigner();
  }

  /** A new generated key, sealed; it becomes active unless another process made one first. */
  private async insertGenerated(deactivateOthers = false): Promise<void> {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const x = publicX(publicKey);
    const sealed = await this.sealer.seal(privateKey.export({ format: 'pem', type: 'pkcs8' }).toString());
    await this.db.transaction(async (tx) => {
      if (deactivateOthers) await tx.update(certificateSigningKeys).set({ active: false }).where(eq(certificateSigningKeys.active, true));
      await tx.insert(certificateSigningKeys).values({ kid: thumbprint(x), publicKey: x, privateKeySealed: sealed, active: true, createdAt: this.clock.now() }).onConflictDoNothing();
    });
  }

  /** Loads (or creates) the active key; call at start, so that signing inside a transaction never creates one. */
  async ready(): Promise<void> {
    await this.current();
  }

  private current(): Promise<Signer> {
    this.signer ??= this.loadSigner()
      .then(async (signer) => {
        await this.reload();
        return signer;
      })
      .catch((error: unknown) => {
        this.signer = null;
        throw error;
      });
    return this.signer;
  }

  /** Generates a new active key; the old ones keep verifying (a configured key cannot be rotated here). */
  async rotate(): Promise<string> {
    if (this.configured) throw new Error('The signing key is configured: configure a new CERTIFICATE_SIGNING_KEY to rotate');
    await this.insertGenerated(true);
    this.signer = null;
    return (await this.current()).kid;
  }

  private async reload(): Promise<void> {
    this.lastLoad = this.clock.now().getTime();
    const rows = await this.db.select().from(certificateSigningKeys);
    this.publicKeys = new Map(rows.map((row) => [row.kid, createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: row.publicKey }, format: 'jwk' })]));
  }

  /** A compact JWS (EdDSA) of the payload, signed with the active key. */
  async sign(payload: Record<string, unknown>): Promise<{ token: string; kid: string }> {
    const { kid, key } = await this.current();
    const input = `${base64url(JSON.stringify({ alg: 'EdDSA', kid, typ: JOSE_HEADER_TYP }))}.${base64url(JSON.stringify(payload))}`;
    return { token: `${input}.${base64url(sign(null, Buffer.from(input), key))}`, kid };
  }

  /** Checks a compact JWS against the published keys: any malformed part, unknown key or bad signature is not ok. */
  async verify(token: string): Promise<TokenCheck> {
    const parts = token.trim().split('.');
    if (parts.length !== 3 || parts.some((part) => !/^[A-Za-z0-9_-]+$/.test(part))) return { ok: false };
    const [header, payload, signature] = parts as [string, string, string];
    let decoded: { header: unknown; payload: unknown };
    try {
      decoded = { header: JSON.parse(Buffer.from(header, 'base64url').toString('utf8')), payload: JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) };
    } catch {
      return { ok: false };
    }
    const head = decoded.header as { alg?: unknown; kid?: unknown };
    if (head?.alg !== 'EdDSA' || typeof head.kid !== 'string' || typeof decoded.payload !== 'object' || decoded.payload === null) return { ok: false };
    let key = this.publicKeys.get(head.kid);
    if (!key && this.clock.now().getTime() - this.lastLoad >= RELOAD_INTERVAL_MS) {
      await this.reload();
      key = this.publicKeys.get(head.kid);
    }
    if (!key || !verify(null, Buffer.from(`${header}.${payload}`), key, Buffer.from(signature, 'base64url'))) return { ok: false };
    return { ok: true, kid: head.kid, payload: decoded.payload as Record<string, unknown> };
  }

  /** Every key, active or retired, as a JWKS. */
  async jwks(): Promise<{ keys: PublicJwk[] }> {
    const rows = await this.db.select().from(certificateSigningKeys).orderBy(certificateSigningKeys.createdAt);
    return { keys: rows.map((row) => ({ kid: row.kid, kty: 'OKP', crv: 'Ed25519', x: row.publicKey, alg: 'EdDSA', use: 'sig' })) };
  }
}
