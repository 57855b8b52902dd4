/**
 * The two ways a `schedule` trigger says when it fires (extensions.md, "Automation payloads"): a
 * five-field cron expression, or a rate such as `15 minutes`. Both parsers report every problem
 * they find, in words a caller can act on, and never throw.
 */

/** The fields of a parsed cron expression: the values each one allows, ascending. */
export interface CronSchedule {
  minutes: number[];
  hours: number[];
  daysOfMonth: number[];
  months: number[];
  /** 0 = Sunday … 6 = Saturday (7 is read as Sunday). */
  daysOfWeek: number[];
  /**
   * Whether the day-of-month and day-of-week fields restrict the day (they do not start with `*`).
   * When both do, a day matching either one fires, as in Vixie cron.
   */
  dayOfMonthRestricted: boolean;
  dayOfWeekRestricted: boolean;
}

/** The answer of a parser: the parsed value, or every problem found. */
export type ParseResult<T> = { ok: true; value: T } | { ok: false; problems: string[] };

interface CronField {
  name: string;
  min: number;
  max: number;
  /** Three-letter names, the first standing for `min` (months) or for 0 (days of the week). */
  names?: readonly string[];
}

const cronFields: readonly CronField[] = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day of month', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12, names: ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'] },
  { name: 'day of week', min: 0, max: 7, names: ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'] },
];

/** The most days each month can have (February in a leap year). */
const longestMonth = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

const monthNames = cronFields[3]?.names as readonly string[];

/** One value of a field: a number, or (in month and day-of-week) a three-letter name. */
function parseValue(text: string, field: CronField, problems: string[]): number | undefined {
  if (/^\d+$/.test(text)) {
    const value = Number(text);
    if (value < field.min || value > field.max) {
      problems.push(`${field.name}: ${text} is outside ${field.min}-${field.max}`);
      return undefined;
    }
    return value;
  }
  const index = field.names?.indexOf(text.toUpperCase()) ?? -1;
  if (index >= 0) return field.min === 1 ? index + 1 : index;
  problems.push(`${field.name}: "${text}" is not a number${field.names ? ` or a name (${field.names.join(', ')})` : ''}`);
  return undefined;
}

/**
 * One item of a field's comma-separated list: `*`, `a`, `a-b`, each optionally followed by
 * `/step` (`a/step` means from `a` to the field's largest value, as in Vixie cron).
 */
function parseItem(item: string, field: CronField, problems: string[]): number[] {
  const parts = item.split('/');
  if (parts.length > 2) {
    problems.push(`${field.name}: "${item}" has more than one step`);
    return [];
  }
  const [base = '', stepText] = parts;
  let step = 1;
  if (stepText !== undefined) {
    step = /^\d+$/.test(stepText) ? Number(stepText) : Number.NaN;
    if (!(step >= 1 && step <= field.max)) {
      problems.push(`${field.name}: step "${stepText}" must be a whole number from 1 to ${field.max}`);
      return [];
    }
  }
  let from: number | undefined;
  let to: number | undefined;
  if (base === '*') {
    from = field.min;
    to = field.max;
  } else if (base.includes('-')) {
    const bounds = base.split('-');
    if (bounds.length !== 2 || !bounds[0] || !bounds[1]) {
      problems.push(`${field.name}: "${base}" is not a range such as 1-5`);
      return [];
    }
    const count = problems.length;
    from = parseValue(bounds[0], field, problems);
    to = parseValue(bounds[1], field, problems);
    if (problems.length > count || from === undefined || to === undefined) return [];
    // `FRI-SUN`: Sunday at the end of a range is day 7.
    if (field.names && field.min === 0 && to === 0 && from > 0) to = 7;
    if (from > to) {
      problems.push(`${field.name}: range "${base}" runs backwards`);
      return [];
    }
  } else if (base === '') {
    problems.push(`${field.name}: an empty item in "${item}"`);
    return [];
  } else {
    from = parseValue(base, field, problems);
    if (from === undefined) return [];
    to = stepText === undefined ? from : field.max;
  }
  const values: number[] = [];
  for (let value = from; value <= to; value += step) values.push(value);
  return values;
}

/** Every value one field allows, ascending, or `undefined` after reporting its problems. */
function parseField(text: string, field: CronField, problems: string[]): number[] | undefined {
  const count = problems.length;
  const values = new Set<number>();
  for (const item of text.split(',')) {
    if (item === '') {
      problems.push(`${field.name}: "${text}" has an empty list item`);
      continue;
    }
    for (const value of parseItem(item, field, problems)) values.add(field.names && field.min === 0 && value === 7 ? 0 : value);
  }
  return problems.length > count ? undefined : [...values].sort((a, b) => a - b);
}

/**
 * Parses a five-field cron expression (`minute hour day-of-month month day-of-week`), checking
 * each field on its own: numbers within the field's range, `*`, ranges `a-b`, lists `a,b`, steps
 * `/n`, and three-letter month and day names (case-insensitive). Fields are separated by spaces.
 * An expression whose days can never occur (`0 0 30 2 *`) is refused too. Quartz extensions
 * (`?`, `L`, `W`, `#`, a seconds or year field) and macros (`@daily`) are not accepted.
 * @example parseCron('*\/15 9-17 * * MON-FRI') // { ok: true, value: { minutes: [0, 15, 30, 45], … } }
 */
export function parseCron(expression: string): ParseResult<CronSchedule> {
  const text = expression.trim();
  if (text.startsWith('@')) return { ok: false, problems: [`Macros such as ${text.split(/\s/)[0]} are not supported; write the five fields, e.g. "0 0 * * *"`] };
  const parts = text === '' ? [] : text.split(/\s+/);
  if (parts.length !== cronFields.length) {
    return { ok: false, problems: [`Expected five fields (minute hour day-of-month month day-of-week), found ${parts.length}`] };
  }
  const problems: string[] = [];
  const [minutes, hours, daysOfMonth, months, daysOfWeek] = cronFields.map((field, index) => parseField(parts[index] as string, field, problems));
  if (!minutes || !hours || !daysOfMonth || !months || !daysOfWeek) return { ok: false, problems };
  const schedule: CronSchedule = {
    minutes,
    hours,
    daysOfMonth,
    months,
    daysOfWeek,
    dayOfMonthRestricted: !(parts[2] as string).startsWith('*'),
    dayOfWeekRestricted: !(parts[4] as string).startsWith('*'),
  };
  // Days of the month alone decide the day when the day of the week is `*`: they must occur.
  if (schedule.dayOfMonthRestricted && !schedule.dayOfWeekRestricted) {
    const occurs = months.some((month) => daysOfMonth.some((day) => day <= (longestMonth[month - 1] as number)));
    if (!occurs) {
      const monthList = months.map((month) => monthNames[month - 1]).join(', ');
      return { ok: false, problems: [`The expression never runs: day ${daysOfMonth.join(', ')} does not occur in ${monthList}`] };
    }
  }
  return { ok: true, value: schedule };
}

/** How often a rate trigger fires. */
export interface Rate {
  value: number;
  unit: 'minute' | 'hour' | 'day';
}

/** The longest rate of each unit: one year. */
const rateLimits: Record<Rate['unit'], number> = { minute: 525_600, hour: 8_760, day: 365 };

/**
 * Parses a rate `<n> <unit>`: a whole number from 1 and `minute`, `hour` or `day`, singular for 1
 * and plural otherwise (`1 hour`, `15 minutes`), as Amazon EventBridge writes rates; at most a year.
 * @example parseRate('15 minutes') // { ok: true, value: { value: 15, unit: 'minute' } }
 */
export function parseRate(expression: string): ParseResult<Rate> {
  const match = /^(\d+) (minute|hour|day)(s?)$/.exec(expression);
  if (!match) return { ok: false, problems: ['Expected "<n> minute(s)", "<n> hour(s)" or "<n> day(s)", e.g. "15 minutes"'] };
  const value = Number(match[1]);
  const unit = match[2] as Rate['unit'];
  const plural = match[3] === 's';
  if (value < 1 || value > rateLimits[unit]) return { ok: false, problems: [`The number of ${unit}s must be from 1 to ${rateLimits[unit]}`] };
  if (plural !== (value !== 1)) return { ok: false, problems: [value === 1 ? `Write "1 ${unit}" (singular)` : `Write "${value} ${unit}s" (plural)`] };
  return { ok: true, value: { value, unit } };
}
