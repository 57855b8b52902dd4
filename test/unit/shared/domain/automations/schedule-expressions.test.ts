import { describe, expect, it } from 'vitest';
import { parseCron, parseRate } from '../../../../../shared/domain/automations/schedule-expressions';

/** The problems of an expression that must be refused. */
function problemsOf(expression: string): string[] {
  const result = parseCron(expression);
  if (result.ok) throw new Error(`"${expression}" was accepted`);
  return result.problems;
}

describe('parseCron', () => {
  it('expands every field of a plain expression', () => {
    expect(parseCron('30 9 1 6 3')).toEqual({
      ok: true,
      value: { minutes: [30], hours: [9], daysOfMonth: [1], months: [6], daysOfWeek: [3], dayOfMonthRestricted: true, dayOfWeekRestricted: true },
    });
  });

  it('reads * as the whole range of each field, and marks both day fields unrestricted', () => {
    const result = parseCron('* * * * *');
    expect(result.ok && result.value.minutes).toHaveLength(60);
    expect(result.ok && result.value.hours).toHaveLength(24);
    expect(result.ok && result.value.daysOfMonth).toEqual(Array.from({ length: 31 }, (_, index) => index + 1));
    expect(result.ok && result.value.months).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(result.ok && result.value.daysOfWeek).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(result.ok && [result.value.dayOfMonthRestricted, result.value.dayOfWeekRestricted]).toEqual([false, false]);
  });

  it('reads ranges, lists and steps, merging repeats in order', () => {
    const result = parseCron('*/15 9-17/4 1,15,1 1-12/3 1-5');
    expect(result).toMatchObject({ ok: true, value: { minutes: [0, 15, 30, 45], hours: [9, 13, 17], daysOfMonth: [1, 15], months: [1, 4, 7, 10], daysOfWeek: [1, 2, 3, 4, 5] } });
  });

  it('reads a start with a step as running to the end of the field', () => {
    expect(parseCron('5/20 0 * * *')).toMatchObject({ ok: true, value: { minutes: [5, 25, 45] } });
  });

  it('accepts month and day names in any case, alone and in ranges', () => {
    expect(parseCron('0 8 * jan,Jul MON-fri')).toMatchObject({ ok: true, value: { months: [1, 7], daysOfWeek: [1, 2, 3, 4, 5] } });
    expect(parseCron('0 8 * DEC SAT')).toMatchObject({ ok: true, value: { months: [12], daysOfWeek: [6] } });
  });

  it('reads 7 and a range ending on SUN as Sunday', () => {
    expect(parseCron('0 0 * * 7')).toMatchObject({ ok: true, value: { daysOfWeek: [0] } });
    expect(parseCron('0 0 * * FRI-SUN')).toMatchObject({ ok: true, value: { daysOfWeek: [0, 5, 6] } });
  });

  it('accepts any whitespace between fields and around the expression', () => {
    expect(parseCron('  0\t12  *  * *  ').ok).toBe(true);
  });

  it.each([
    ['60 * * * *', 'minute: 60 is outside 0-59'],
    ['* 24 * * *', 'hour: 24 is outside 0-23'],
    ['* * 0 * *', 'day of month: 0 is outside 1-31'],
    ['* * 32 * *', 'day of month: 32 is outside 1-31'],
    ['* * * 13 *', 'month: 13 is outside 1-12'],
    ['* * * * 8', 'day of week: 8 is outside 0-7'],
  ])('refuses %s: a value out of its field\'s range', (expression, problem) => {
    expect(problemsOf(expression)).toEqual([problem]);
  });

  it.each([
    ['*/0 * * * *', 'minute: step "0" must be a whole number from 1 to 59'],
    ['*/60 * * * *', 'minute: step "60" must be a whole number from 1 to 59'],
    ['*/x * * * *', 'minute: step "x" must be a whole number from 1 to 59'],
    ['*/ * * * *', 'minute: step "" must be a whole number from 1 to 59'],
    ['1/2/3 * * * *', 'minute: "1/2/3" has more than one step'],
  ])('refuses %s: a bad step', (expression, problem) => {
    expect(problemsOf(expression)).toEqual([problem]);
  });

  it.each([
    ['30-10 * * * *', 'minute: range "30-10" runs backwards'],
    ['1-2-3 * * * *', 'minute: "1-2-3" is not a range such as 1-5'],
    ['-5 * * * *', 'minute: "-5" is not a range such as 1-5'],
    ['1, * * * *', 'minute: "1," has an empty list item'],
    ['MON * * * *', 'minute: "MON" is not a number'],
    ['* * * JANUARY *', 'month: "JANUARY" is not a number or a name (JAN, FEB, MAR, APR, MAY, JUN, JUL, AUG, SEP, OCT, NOV, DEC)'],
    ['0 0 ? * MON', 'day of month: "?" is not a number'],
    ['0 0 L * *', 'day of month: "L" is not a number'],
    ['0 0 * * 1#2', 'day of week: "1#2" is not a number or a name (SUN, MON, TUE, WED, THU, FRI, SAT)'],
    ['1.5 * * * *', 'minute: "1.5" is not a number'],
  ])('refuses %s: a malformed item', (expression, problem) => {
    expect(problemsOf(expression)).toEqual([problem]);
  });

  it('reports a problem for every bad field at once', () => {
    expect(problemsOf('60 24 * 13 *')).toEqual(['minute: 60 is outside 0-59', 'hour: 24 is outside 0-23', 'month: 13 is outside 1-12']);
  });

  it.each([
    ['', 'found 0'],
    ['* * * *', 'found 4'],
    ['0 * * * * *', 'found 6'],
    ['0 0 12 * * ? 2030', 'found 7'],
  ])('refuses "%s": not five fields', (expression, found) => {
    expect(problemsOf(expression)).toEqual([`Expected five fields (minute hour day-of-month month day-of-week), ${found}`]);
  });

  it('refuses macros, naming the five-field alternative', () => {
    expect(problemsOf('@daily')).toEqual(['Macros such as @daily are not supported; write the five fields, e.g. "0 0 * * *"']);
  });

  it('refuses days of the month that never occur in the months given', () => {
    expect(problemsOf('0 0 30 2 *')).toEqual(['The expression never runs: day 30 does not occur in FEB']);
    expect(problemsOf('0 0 31 APR,JUN *')).toEqual(['The expression never runs: day 31 does not occur in APR, JUN']);
  });

  it('accepts 29 February (leap years) and impossible days when the day of the week also decides', () => {
    expect(parseCron('0 0 29 2 *').ok).toBe(true);
    expect(parseCron('0 0 31 2 MON').ok).toBe(true);
    expect(parseCron('0 0 30,31 1-3 *').ok).toBe(true);
  });
});

describe('parseRate', () => {
  it.each([
    ['1 minute', { value: 1, unit: 'minute' }],
    ['15 minutes', { value: 15, unit: 'minute' }],
    ['1 hour', { value: 1, unit: 'hour' }],
    ['12 hours', { value: 12, unit: 'hour' }],
    ['1 day', { value: 1, unit: 'day' }],
    ['365 days', { value: 365, unit: 'day' }],
    ['525600 minutes', { value: 525_600, unit: 'minute' }],
  ])('reads "%s"', (expression, rate) => {
    expect(parseRate(expression)).toEqual({ ok: true, value: rate });
  });

  it.each([
    ['5 weeks', 'Expected "<n> minute(s)", "<n> hour(s)" or "<n> day(s)", e.g. "15 minutes"'],
    ['minutes', 'Expected "<n> minute(s)", "<n> hour(s)" or "<n> day(s)", e.g. "15 minutes"'],
    ['-5 minutes', 'Expected "<n> minute(s)", "<n> hour(s)" or "<n> day(s)", e.g. "15 minutes"'],
    ['5  minutes', 'Expected "<n> minute(s)", "<n> hour(s)" or "<n> day(s)", e.g. "15 minutes"'],
    ['rate(5 minutes)', 'Expected "<n> minute(s)", "<n> hour(s)" or "<n> day(s)", e.g. "15 minutes"'],
    ['0 minutes', 'The number of minutes must be from 1 to 525600'],
    ['366 days', 'The number of days must be from 1 to 365'],
    ['8761 hours', 'The number of hours must be from 1 to 8760'],
    ['1 minutes', 'Write "1 minute" (singular)'],
    ['5 hour', 'Write "5 hours" (plural)'],
  ])('refuses "%s"', (expression, problem) => {
    expect(parseRate(expression)).toEqual({ ok: false, problems: [problem] });
  });
});
