import { mailboxPort, smtpPort } from './playwright.config';
import { startMailbox } from './mailbox';

/** Starts the run's mailbox before the first test; the returned function closes it after the last. */
export default function setup(): Promise<() => Promise<void>> {
  return startMailbox(smtpPort, mailboxPort);
}
