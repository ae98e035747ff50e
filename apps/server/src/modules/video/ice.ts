import { createHmac } from 'node:crypto';
import type { IceServer } from '@vireo/contracts';
import type { VideoConfig } from '../../platform/config';

/**
 * TURN credentials in the coturn `use-auth-secret` (TURN REST API) convention: the username is
 * `<expiry epoch seconds>:<id>`, the password base64(HMAC-SHA1(secret, username)). coturn checks
 * both with the same shared secret and refuses the username once its time has passed.
 */
export function turnCredential(secret: string, id: string, expiresAt: Date): { username: string; credential: string } {
  const username = `${Math.floor(expiresAt.getTime() / 1000)}:${id}`;
  return { username, credential: createHmac('sha1', secret).update(username).digest('base64') };
}

/** The ICE servers for one join: STUN as configured, TURN with fresh credentials; none when unconfigured. */
export function iceServersFor(config: VideoConfig, id: string, now: Date): IceServer[] {
  const servers: IceServer[] = [];
  if (config.stunUrls.length > 0) servers.push({ urls: config.stunUrls });
  if (config.turnUrls.length > 0 && config.turnSecret) {
    servers.push({ urls: config.turnUrls, ...turnCredential(config.turnSecret, id, new Date(now.getTime() + config.turnCredentialSeconds * 1000)) });
  }
  return servers;
}
