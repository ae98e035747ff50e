import { describe, expect, it } from 'vitest';
import { matchesNamePrefix } from './EmployeeResultsTable';

describe('matchesNamePrefix', () => {
  const morgan = { first_name: 'Morgan', last_name: 'Hughes' };
  it('matches the start of the first name, the last name or the full name, in any case', () => {
    expect(matchesNamePrefix(morgan, 'mor')).toBe(true);
    expect(matchesNamePrefix(morgan, 'HUG')).toBe(true);
    expect(matchesNamePrefix(morgan, 'morgan h')).toBe(true);
    expect(matchesNamePrefix(morgan, '  ')).toBe(true);
  });

  it('does not match the middle of a name', () => {
    expect(matchesNamePrefix(morgan, 'organ')).toBe(false);
    expect(matchesNamePrefix(morgan, 'ughes')).toBe(false);
  });
});
