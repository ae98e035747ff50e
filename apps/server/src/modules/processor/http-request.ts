import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/** The most of a response an HTTP node reads; a longer one fails the node. */
export const HTTP_RESPONSE_CAP_BYTES = 1_000_000;

/** A request refused before it left, or a failure: `transient` ones (5xx, timeouts, resets) are retried. */
export class HttpNodeError extends Error {
  constructor(
    message: string,
    readonly transient: boolean,
  ) {
    super(message);
  }
}

/** Addresses an HTTP node may not reach unless the operator allows it: anything but public unicast. */
export function isPrivateAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return true;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() !== 'unicast';
}

/**
 * Resolves the host and refuses private, loopback and link-local answers at connection time, so a
 * name that resolves to an inside address (or changes its answer after a check) never connects.
 */
function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const refused = !allowPrivate && addresses.some((a) => isPrivateAddress(a.address));
      if (refused || addresses.length === 0) return callback(new HttpNodeError(`${hostname} resolves to a private or loopback address`, false) as NodeJS.ErrnoException, '', 0);
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

export interface HttpCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  allowPrivate: boolean;
}

/**
 * One HTTP request with a timeout, a response size cap and the SSRF guard (literal addresses are
 * checked before connecting, names when they resolve). Answers the status and the body's text.
 */
export function httpRequest(call: HttpCall): Promise<{ status: number; body: string }> {
  const url = new URL(call.url);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return Promise.reject(new HttpNodeError('Only http and https addresses are allowed.', false));
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!call.allowPrivate && (host === 'localhost' || (ipaddr.isValid(host) && isPrivateAddress(host)))) {
    return Promise.reject(new HttpNodeError(`${host} is a private or loopback address`, false));
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(url, { method: call.method, headers: call.headers, lookup: guardedLookup(call.allowPrivate), timeout: call.timeoutMs }, (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > HTTP_RESPONSE_CAP_BYTES) {
          request.destroy(new HttpNodeError(`The response is larger than ${HTTP_RESPONSE_CAP_BYTES} bytes.`, false));
          return;
        }
        chunks.push(chunk);
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', (error) => reject(error));
    });
    request.on('timeout', () => request.destroy(new HttpNodeError(`No answer within ${call.timeoutMs} ms.`, true)));
    request.on('error', (error) => reject(error instanceof HttpNodeError ? error : new HttpNodeError(error.message, true)));
    if (call.body !== undefined) request.write(call.body);
    request.end();
  });
}
