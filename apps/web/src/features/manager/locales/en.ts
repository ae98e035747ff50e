import { EMPTY_TEXT, MSG } from '@vireo/contracts';
import type { Texts } from '../../../app/locales/shape';

/** The organisation manager's texts (spec 1 §2, §8): the spec gives them in English. */
export const en = {
  tabs: { label: 'Dashboard views', admin: 'Admin', personal: 'Personal' },
  tiles: {
    results: { title: 'Organisation Results', body: 'See your employees’ latest symptom checks and test results.', action: 'View results' },
    signUps: { title: 'Monitor Sign-ups', body: 'See who has registered, and invite employees.', action: 'View sign-ups' },
    help: { title: 'Help Portal', body: 'Guidance on RT-PCR tests and what results mean.', action: 'Open help' },
  },
  results: {
    heading: 'Employee Results',
    search: 'Enter Employee Name',
    firstName: 'First Name',
    lastName: 'Last Name',
    checkDate: 'Check Date',
    symptomatic: 'Symptomatic',
    testDate: 'Test Date',
    testResult: 'Test Result',
    yes: 'Yes',
    no: 'No',
    empty: EMPTY_TEXT.results,
    error: MSG.errorFetchingResults,
  },
  signUps: {
    heading: 'Sign-ups',
    email: 'Email',
    registered: 'Registered',
    pending: 'Pending',
    empty: EMPTY_TEXT.registrations,
    retrieved: MSG.retrievedRegistrations,
    error: MSG.errorRetrievingRegistrations,
  },
  invite: {
    heading: 'Invite employees',
    label: 'E-mail addresses',
    hint: 'One address, or a list separated by commas, spaces or new lines. Each person gets an e-mail with a link to create their account.',
    send: 'Send invitations',
    none: 'Enter at least one e-mail address.',
    invalid: 'These are not e-mail addresses: {{list}}',
    tooMany: 'Send at most {{max}} invitations at a time.',
    outcomes: {
      invited: 'Invited',
      reinvited: 'Invited again with a new link',
      already_registered: 'Already registered',
      account_exists: 'Already has an account with another organisation',
    },
    error: MSG.somethingWentWrong,
  },
};

export type ManagerTranslation = Texts<typeof en>;
export default en;
