/** Where SMS go: a provider sends one and answers true, or answers false when none is configured (recorded only). */
export interface SmsProvider {
  send(message: { to: string; text: string; idempotencyKey: string }): Promise<boolean>;
}

/** No provider: the message is recorded (visible to super admins with the e-mails) and nothing leaves. */
export const RECORD_ONLY_SMS: SmsProvider = { send: async () => false };

/** An HTTP SMS provider: POST {to, text} as JSON with the key as a bearer token; a failure throws (retried). */
export class HttpSmsProvider implements SmsProvider {
  constructor(
    private readonly url: string,
    private readonly key: string,
  ) {}

  async send(message: { to: string; text: string; idempotencyKey: string }): Promise<boolean> {
    const response = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${this.key}`, 'idempotency-key': message.idempotencyKey },
      body: JSON.stringify({ to: message.to, text: message.text }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`the SMS provider answered ${response.status}`);
    return true;
  }
}
