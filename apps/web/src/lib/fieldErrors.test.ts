import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './apiError';
import { setServerFieldErrors } from './fieldErrors';

type Form = { email: string; expiration_date: string; note: string };

describe('setServerFieldErrors', () => {
  it("puts each of the server's field errors on its field, renamed where the paths differ, focusing the first", () => {
    const setError = vi.fn();
    const error = new ApiError(400, 'Card expired', { email: 'Taken', 'card.expiration_date': 'Card expired', other: 'Not a field' });
    expect(setServerFieldErrors<Form>(error, setError, ['email', 'note'], { 'card.expiration_date': 'expiration_date' })).toBe(true);
    expect(setError.mock.calls).toEqual([
      ['email', { type: 'server', message: 'Taken' }, { shouldFocus: true }],
      ['expiration_date', { type: 'server', message: 'Card expired' }, { shouldFocus: false }],
    ]);
  });

  it('leaves the form alone for an answer without field errors, or a failure that is not an API answer', () => {
    const setError = vi.fn();
    expect(setServerFieldErrors<Form>(new ApiError(409, 'Conflict'), setError, ['email'])).toBe(false);
    expect(setServerFieldErrors<Form>(new Error('offline'), setError, ['email'])).toBe(false);
    expect(setServerFieldErrors<Form>(new ApiError(400, 'Bad', { note: 'x' }), setError, ['email'])).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });
});
