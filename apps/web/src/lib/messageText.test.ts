import * as contracts from '@vireo/contracts';
import {
  APPOINTMENT_STATUSES,
  FIELD_MSG,
  MSG,
  SEED_PARTNERS,
  STATUS_LABELS,
  TELEPHONE_INVALID,
  TEST_RESULTS,
  TEST_RESULT_VALUES,
  USERDATA_MSG,
  prefixMessage,
  tooManyEmailsFromSender,
  tooManyEmailsToRecipient,
} from '@vireo/contracts';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import de from '../features/messages/locales/de';
import en from '../features/messages/locales/en';
import { messageText } from './messageIndex';

const texts = i18next.createInstance();
await texts.init({ resources: { en: { messages: en }, de: { messages: de } }, ns: ['messages'], lng: 'en', interpolation: { escapeValue: false } });
const inEnglish = (message: string) => messageText(texts.getFixedT('en', 'messages'), message);
const inGerman = (message: string) => messageText(texts.getFixedT('de', 'messages'), message);

/** Contracts' message constants: every export named MSG, …_MSG or …_TEXT that holds texts. */
const MESSAGE_GROUPS = Object.entries(contracts).filter(
  ([name, value]) => /^(?:\w+_)?(?:MSG|TEXT)$/.test(name) && typeof value === 'object' && value !== null && Object.values(value).some((text) => typeof text === 'string'),
);
/** The e-mail limits' texts (MAIL_QUOTA) with waits as the server gives them: seconds, a minute, minutes, an hour. */
const WAITS = [1, 45, 60, 61, 480, 3600];
const MAIL_QUOTA_TEXTS = WAITS.flatMap((seconds) => [tooManyEmailsFromSender(seconds), tooManyEmailsToRecipient('ada.lovelace@example.test', seconds)]);
/** FIELD_MSG's functions with the numbers forms give them. */
const FIELD_TEXTS = Object.values(FIELD_MSG).flatMap((message) => (typeof message === 'string' ? [message] : [1, 2, 6, 100].map((n) => message(n))));

describe('messages: the server’s and the forms’ texts in the interface’s language', () => {
  it('covers every message constant of contracts, each group under its own name', () => {
    const groups = MESSAGE_GROUPS.map(([name]) => name).sort();
    expect(groups.length).toBeGreaterThan(8);
    for (const name of groups) expect(Object.keys(en), `${name} has no group in features/messages/locales/en.ts`).toContain(name);
  });

  it.each(MESSAGE_GROUPS)('%s: every text has a German translation, and English stays the spec’s text', (_name, group) => {
    for (const message of Object.values(group as Record<string, unknown>).flatMap((text) => (typeof text === 'string' ? [text] : []))) {
      expect(inEnglish(message)).toBe(message);
      const german = inGerman(message);
      expect(german, message).not.toBe(message);
      expect(german).not.toMatch(/\{\{|\b[A-Z_]+\.\w+/);
    }
  });

  it('FIELD_MSG’s texts made by a function keep their number', () => {
    for (const message of [...FIELD_TEXTS, TELEPHONE_INVALID]) {
      expect(inEnglish(message)).toBe(message);
      expect(inGerman(message), message).not.toBe(message);
    }
    expect(inGerman(FIELD_MSG.atLeastCharacters(2))).toBe('Geben Sie mindestens 2 Zeichen ein.');
    expect(inGerman(FIELD_MSG.chooseAtLeast(1))).toBe('Wählen Sie mindestens eine Option.');
    expect(inGerman(FIELD_MSG.atMost(4))).toBe('Geben Sie 4 oder weniger ein.');
  });

  it('MAIL_QUOTA: the e-mail limits’ texts keep the address and say the wait in German; English stays contracts’ text', () => {
    for (const message of MAIL_QUOTA_TEXTS) {
      expect(inEnglish(message)).toBe(message);
      const german = inGerman(message);
      expect(german, message).not.toBe(message);
      expect(german).not.toMatch(/\{\{|second|minute|wait\./);
    }
    expect(inGerman(tooManyEmailsFromSender(1))).toBe('Sie haben zu viele E-Mails gesendet. Bitte warten Sie 1 Sekunde und versuchen Sie es dann erneut.');
    expect(inGerman(tooManyEmailsToRecipient('ada.lovelace@example.test', 3000))).toBe(
      'An ada.lovelace@example.test wurden zu viele E-Mails gesendet. Bitte warten Sie 50 Minuten und versuchen Sie es dann erneut.',
    );
    expect(inGerman(tooManyEmailsFromSender(60))).toContain('1 Minute ');
    expect(inGerman(tooManyEmailsFromSender(45))).toContain('45 Sekunden ');
  });

  it('CODE_MSG: a partner’s prefix message keeps the test’s whole name and its prefixes in German', () => {
    const [ofl, attractionWorld, floridaTix] = SEED_PARTNERS;
    const fitToFly = prefixMessage(ofl.code_prefixes[0]);
    expect(inEnglish(fitToFly)).toBe('Invalid code. This code is not a Fit to Fly code. Please enter a code starting with F2F.');
    expect(inGerman(fitToFly)).toBe('Ungültiger Code. Dies ist kein Fit to Fly-Code. Bitte geben Sie einen Code ein, der mit F2F beginnt.');
    expect(inGerman(prefixMessage(attractionWorld.code_prefixes[3]))).toBe('Ungültiger Code. Dies ist kein Antigen Consultation-Code. Bitte geben Sie einen Code ein, der mit US3AW beginnt.');
    expect(inGerman(prefixMessage(floridaTix.code_prefixes[1]))).toBe('Ungültiger Code. Dies ist kein Day 2 Antigen-Code. Bitte geben Sie einen Code ein, der mit FTD2 beginnt.');
  });

  it('a text it does not know is shown as it came', () => {
    expect(inGerman('Something only this server says.')).toBe('Something only this server says.');
    expect(inGerman(`${MSG.notFound} `)).toBe(`${MSG.notFound} `);
    expect(inGerman(USERDATA_MSG.openOrderExists)).toBe('Sie haben bereits ein Test-Kit unterwegs.');
  });

  it('labels every appointment status: the spec’s labels in English, each in German', () => {
    const tEn = texts.getFixedT('en', 'messages');
    const tDe = texts.getFixedT('de', 'messages');
    for (const status of APPOINTMENT_STATUSES) {
      const label = STATUS_LABELS[status];
      if (label) expect(tEn(`status.${status}`)).toBe(label);
      expect(tDe(`status.${status}`)).not.toBe(tEn(`status.${status}`));
    }
  });

  it('labels every test result: the value itself in English, each in German', () => {
    const tEn = texts.getFixedT('en', 'messages');
    const tDe = texts.getFixedT('de', 'messages');
    for (const result of new Set([...TEST_RESULT_VALUES, ...TEST_RESULTS])) {
      expect(tEn(`result.${result}`)).toBe(result);
      expect(tDe(`result.${result}`), result).not.toBe(result);
    }
    expect(tDe('result.Positive')).toBe('Positiv');
  });
});
