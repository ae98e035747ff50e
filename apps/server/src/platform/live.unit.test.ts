import { describe, expect, it } from 'vitest';
import type { AuthContext } from './access';
import { matchesAudience } from './live';

const practitioner: AuthContext = {
  sessionId: 'session-1',
  userId: 'user-1',
  organisationId: 'org-1',
  role: { id: 'role-1', name: 'practitioner', organisationId: 'org-1' },
  roles: [
    { id: 'role-1', name: 'practitioner', organisationId: 'org-1' },
    { id: 'role-2', name: 'shift_manager', organisationId: 'org-1' },
  ],
  grants: [],
};

describe('matchesAudience', () => {
  it('matches on any of the user’s roles, not only the session’s', () => {
    expect(matchesAudience(practitioner, { roles: ['practitioner'] })).toBe(true);
    expect(matchesAudience(practitioner, { roles: ['shift_manager'] })).toBe(true);
    expect(matchesAudience(practitioner, { roles: ['patient', 'manager'] })).toBe(false);
  });

  it('matches a permission granted by any of the user’s roles', () => {
    expect(matchesAudience(practitioner, { permission: 'rota.manage' })).toBe(true);
    expect(matchesAudience({ ...practitioner, roles: [practitioner.role] }, { permission: 'rota.manage' })).toBe(false);
    expect(matchesAudience(practitioner, { permission: 'health.own' })).toBe(false);
    expect(matchesAudience(practitioner, { permission: 'rota.read', userIds: ['user-2'] })).toBe(false);
  });

  it('requires every criterion the audience names', () => {
    expect(matchesAudience(practitioner, { roles: ['practitioner'], organisationIds: ['org-1'] })).toBe(true);
    expect(matchesAudience(practitioner, { roles: ['practitioner'], organisationIds: ['org-2'] })).toBe(false);
    expect(matchesAudience(practitioner, { userIds: ['user-1'], sessionIds: ['session-2'] })).toBe(false);
    expect(matchesAudience(practitioner, { userIds: ['user-1'], sessionIds: ['session-1'] })).toBe(true);
  });

  it('an empty list matches no one', () => {
    expect(matchesAudience(practitioner, { userIds: [] })).toBe(false);
    expect(matchesAudience(practitioner, { roles: [] })).toBe(false);
  });
});
