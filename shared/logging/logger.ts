import { config } from '../config/env';

const levels = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
type Level = Exclude<keyof typeof levels, 'silent'>;

/** Structured fields attached to a log line. */
export type LogFields = Record<string, unknown>;

/** A JSON-lines logger: one object per line with `level`, `time`, `message` and the bound fields. */
export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  /** A logger that adds `fields` to every line, e.g. the request id. */
  child(fields: LogFields): Logger;
}

function serialiseError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  return { name: error.name, message: error.message, stack: error.stack, cause: error.cause === undefined ? undefined : serialiseError(error.cause) };
}

/**
 * Creates a logger writing JSON lines to stdout (CloudWatch picks each line up as one event).
 * @example createLogger({ service: 'recruiting-api' }).child({ request_id }).info('request served', { status: 200 })
 */
export function createLogger(bound: LogFields = {}, write: (line: string) => void = (line) => process.stdout.write(`${line}\n`)): Logger {
  const emit = (level: Level, message: string, fields?: LogFields) => {
    if (levels[level] < levels[config().LOG_LEVEL]) return;
    const entry: LogFields = { level, time: new Date().toISOString(), message, ...bound, ...fields };
    if ('error' in entry) entry.error = serialiseError(entry.error);
    write(JSON.stringify(entry));
  };
  return {
    debug: (message, fields) => emit('debug', message, fields),
    info: (message, fields) => emit('info', message, fields),
    warn: (message, fields) => emit('warn', message, fields),
    error: (message, fields) => emit('error', message, fields),
    child: (fields) => createLogger({ ...bound, ...fields }, write),
  };
}

/** The container's root logger. */
export const logger = createLogger({ service: 'recruiting-api' });
