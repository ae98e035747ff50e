import { createHmac, timingSafeEqual } from 'node:crypto';
import type { VoicePhoneConfig } from '../../platform/config';

/** How long Vireo waits for the provider's answer when placing or ending a call. */
const PROVIDER_TIMEOUT_MS = 10_000;

/** A telephone provider the call widget places calls through (ctx.voice.phone; absent when unconfigured). */
export interface PhoneProvider {
  /**
   * Click-to-call: ring `practitioner` first and, once they answer, dial `customer` from the configured
   * number; the provider reports the call's progress to `statusUrl`. Answers the provider's call id.
   */
  bridge(call: { practitioner: string; customer: string; statusUrl: string }): Promise<string>;
  /** Ends a call the provider is placing or connecting. */
  hangUp(providerCallId: string): Promise<void>;
  /** Whether a status report's signature is the provider's (`X-Twilio-Signature` over the address and the fields). */
  verify(url: string, fields: Record<string, string>, signature: string): boolean;
}

/** What a status report says of the call, in the provider's words (Twilio's CallStatus). */
export type ProviderCallStatus = 'queued' | 'initiated' | 'ringing' | 'in-progress' | 'completed' | 'busy' | 'no-answer' | 'failed' | 'canceled';

export class PhoneProviderError extends Error {}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The signature a Twilio-compatible provider puts on a webhook: base64 HMAC-SHA1, keyed by the API
 * secret, of the full address followed by each form field's name and value, sorted by name.
 */
export function phoneSignature(secret: string, url: string, fields: Record<string, string>): string {
  const data = url + Object.keys(fields).sort().map((name) => name + fields[name]).join('');
  return createHmac('sha1', secret).update(data, 'utf8').digest('base64');
}

/**
 * Twilio's Programmable Voice REST API (and providers that speak it): calls are created with
 * POST /2010-04-01/Accounts/{account}/Calls.json and ended by setting their Status to completed.
 */
export class TwilioCompatiblePhone implements PhoneProvider {
  constructor(private readonly config: VoicePhoneConfig) {}

  async bridge(call: { practitioner: string; customer: string; statusUrl: string }): Promise<string> {
    const { callerNumber } = this.config;
    const twiml = `<Response><Dial callerId="${escapeXml(callerNumber)}"><Number>${escapeXml(call.customer)}</Number></Dial></Response>`;
    const body = new URLSearchParams({ To: call.practitioner, From: callerNumber, Twiml: twiml, StatusCallback: call.statusUrl, StatusCallbackMethod: 'POST' });
    for (const event of ['initiated', 'ringing', 'answered', 'completed']) body.append('StatusCallbackEvent', event);
    const answer = await this.post('Calls.json', body);
    const sid = typeof answer === 'object' && answer !== null && 'sid' in answer ? answer.sid : undefined;
    if (typeof sid !== 'string' || sid === '') throw new PhoneProviderError('the provider answered without a call id');
    return sid;
  }

  async hangUp(providerCallId: string): Promise<void> {
    await this.post(`Calls/${encodeURIComponent(providerCallId)}.json`, new URLSearchParams({ Status: 'completed' }));
  }

  verify(url: string, fields: Record<string, string>, signature: string): boolean {
    const expected = Buffer.from(phoneSignature(this.config.secret, url, fields));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  private async post(path: string, body: URLSearchParams): Promise<unknown> {
    const { apiUrl, account, secret } = this.config;
    const url = `${apiUrl}/2010-04-01/Accounts/${encodeURIComponent(account)}/${path}`;
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from(`${account}:${secret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
        body,
        signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      });
    } catch (error) {
      throw new PhoneProviderError(`the provider could not be reached: ${error instanceof Error ? error.message : String(error)}`);
    }
    // The provider's error text names the numbers: only its status is kept.
    if (!response.ok) throw new PhoneProviderError(`the provider answered ${response.status}`);
    return response.json().catch(() => null);
  }
}
