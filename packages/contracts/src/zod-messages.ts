import { config, type z } from 'zod';

/** The words a person reads when a field breaks a rule that has no message of its own. */
export const FIELD_MSG = {
  required: 'This field is required.',
  atLeastCharacters: (n: number) => `Enter at least ${n} characters.`,
  atMostCharacters: (n: number) => `Enter at most ${n} characters.`,
  atLeast: (n: number | bigint) => `Enter ${n} or more.`,
  atMost: (n: number | bigint) => `Enter ${n} or less.`,
  chooseAtLeast: (n: number | bigint) => (Number(n) === 1 ? 'Choose at least one.' : `Choose at least ${n}.`),
  chooseAtMost: (n: number | bigint) => `Choose at most ${n}.`,
  email: 'Enter a valid e-mail address.',
  choose: 'Choose one of the options.',
  wholeNumber: 'Enter a whole number.',
  number: 'Enter a number.',
  date: 'Enter a valid date.',
  invalid: 'Enter a valid value.',
  unknownField: 'This field is not accepted here.',
} as const;

/**
 * zod's own texts ("Too small: expected string to have >=1 characters") are for developers. Every
 * schema in contracts, on the server and in the browser, falls back to these instead; a schema's
 * own message still wins.
 */
function personMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null || issue.input === '') return FIELD_MSG.required;
      return issue.expected === 'number' || issue.expected === 'int' ? FIELD_MSG.number : issue.expected === 'date' ? FIELD_MSG.date : FIELD_MSG.invalid;
    case 'too_small':
      if (issue.origin === 'string') return issue.input === '' ? FIELD_MSG.required : FIELD_MSG.atLeastCharacters(Number(issue.minimum));
      if (issue.origin === 'array' || issue.origin === 'set') return FIELD_MSG.chooseAtLeast(issue.minimum);
      if (issue.origin === 'date') return FIELD_MSG.date;
      return FIELD_MSG.atLeast(issue.minimum);
    case 'too_big':
      if (issue.origin === 'string') return FIELD_MSG.atMostCharacters(Number(issue.maximum));
      if (issue.origin === 'array' || issue.origin === 'set') return FIELD_MSG.chooseAtMost(issue.maximum);
      if (issue.origin === 'date') return FIELD_MSG.date;
      return FIELD_MSG.atMost(issue.maximum);
    case 'invalid_format':
      return issue.format === 'email' ? FIELD_MSG.email : FIELD_MSG.invalid;
    case 'invalid_value':
      return FIELD_MSG.choose;
    case 'not_multiple_of':
      return FIELD_MSG.wholeNumber;
    case 'unrecognized_keys':
      return FIELD_MSG.unknownField;
    default:
      return FIELD_MSG.invalid;
  }
}

config({ customError: personMessage });
