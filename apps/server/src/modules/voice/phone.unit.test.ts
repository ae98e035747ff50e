import { describe, expect, it } from 'vitest';
import { TwilioCompatiblePhone, phoneSignature } from './phone';

// The provider's documented example: auth token 12345, this address and these fields.
const URL = 'https://mycompany.com/myapp.php?foo=1&bar=2';
const FIELDS = { CallSid: 'CA1234567890ABCDE', Caller: '+14158675309', Digits: '1234', From: '+14158675309', To: '+18005551212' };
const SIGNATURE = 'RSOYDt4T1cUTdK1PDd93/VVr8B8=';

describe('the provider’s webhook signature', () => {
  it('is the documented HMAC-SHA1 over the address and the sorted fields', () => {
    expect(phoneSignature('12345', URL, FIELDS)).toBe(SIGNATURE);
  });

  it('verifies only the provider’s own signature of these exact fields', () => {
    const phone = new TwilioCompatiblePhone({ apiUrl: 'https://api.twilio.com', account: 'AC1', secret: '12345', callerNumber: '+441134960000' });
    expect(phone.verify(URL, FIELDS, SIGNATURE)).toBe(true);
    expect(phone.verify(URL, { ...FIELDS, Digits: '1235' }, SIGNATURE)).toBe(false);
    expect(phone.verify(`${URL}&baz=3`, FIELDS, SIGNATURE)).toBe(false);
    expect(phone.verify(URL, FIELDS, '')).toBe(false);
  });
});
