import type { PinoLoggerOptions } from 'fastify/types/logger';

/**
 * How the log reads: one JSON object a line (for log collectors, and in production always), or
 * coloured lines through pino-pretty when a person watches the process in a terminal.
 */
export function prettyLogs(stdout: { isTTY?: boolean }, nodeEnv: string | undefined): boolean {
  return stdout.isTTY === true && nodeEnv !== 'production';
}

/** The pino-pretty transport: the time of day, the level and the message, then the line's other fields. */
export const PRETTY_TRANSPORT: NonNullable<PinoLoggerOptions['transport']> = {
  target: 'pino-pretty',
  options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
};
