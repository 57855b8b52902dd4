import { describe, expect, it } from 'vitest';
import { dueBounds, keywordTerms, matchesTerms, taskMatcher, taskOrder, withinDue, wordsOf } from '../../../../../shared/domain/tasks/task-search';
import type { StoredTask } from '../../../../../shared/domain/tasks/task-store';
import { neutralTask } from '../../../../support/tasks';

const task = ({ created_sort = '01A', ...fields }: Partial<StoredTask> & { created_sort?: string } = {}) => neutralTask({ id: 'task', ...fields }, { created_sort });

describe('Task search: keywords', () => {
  it('splits text into lower-cased runs of letters and digits', () => {
    expect(wordsOf('Follow-up: call Ana (2x), José!')).toEqual(['follow', 'up', 'call', 'ana', '2x', 'josé']);
    expect(wordsOf('—')).toEqual([]);
  });

  it('takes every word of every keyword once', () => {
    expect(keywordTerms(['Call back', 'call', '  '])).toEqual(['call', 'back']);
    expect(keywordTerms(undefined)).toEqual([]);
  });

  it('matches when every term begins a word of the content, case-insensitively', () => {
    expect(matchesTerms('Callback with ANA tomorrow', ['call', 'ana'])).toBe(true);
    expect(matchesTerms('Recall the candidate', ['call'])).toBe(false);
    expect(matchesTerms('Call Ana', ['call', 'bo'])).toBe(false);
    expect(matchesTerms('anything', [])).toBe(true);
  });
});

describe('Task search: due-date bounds', () => {
  it('turns plain dates into whole UTC days and date-times into instants', () => {
    expect(dueBounds('2026-03-01', '2026-03-31')).toEqual({ from: '2026-03-01T00:00:00.000Z', to: '2026-03-31T23:59:59.999Z' });
    expect(dueBounds('2026-03-01T10:00:00+02:00', undefined)).toEqual({ from: '2026-03-01T08:00:00.000Z' });
    expect(dueBounds(undefined, undefined)).toEqual({});
  });

  it('keeps tasks due within the bounds, inclusive, and drops tasks without a due date once a bound is given', () => {
    const bounds = dueBounds('2026-03-01', '2026-03-01');
    expect(withinDue({ due_date: '2026-03-01T00:00:00.000Z' }, bounds)).toBe(true);
    expect(withinDue({ due_date: '2026-03-01T23:59:59.999Z' }, bounds)).toBe(true);
    expect(withinDue({ due_date: '2026-03-02T00:00:00.000Z' }, bounds)).toBe(false);
    expect(withinDue({ due_date: '2026-02-28T23:59:59.999Z' }, bounds)).toBe(false);
    expect(withinDue({ due_date: null }, bounds)).toBe(false);
    expect(withinDue({ due_date: null }, {})).toBe(true);
  });
});

describe('Task search: order', () => {
  const a = task({ id: 'a', created_sort: '01A', updated_at: '2026-01-03T00:00:00.000Z', due_date: '2026-02-01T00:00:00.000Z' });
  const b = task({ id: 'b', created_sort: '01B', updated_at: '2026-01-02T00:00:00.000Z', due_date: null });
  const c = task({ id: 'c', created_sort: '01C', updated_at: '2026-01-02T00:00:00.000Z', due_date: '2026-01-15T00:00:00.000Z' });
  const d = task({ id: 'd', created_sort: '01D', updated_at: '2026-01-01T00:00:00.000Z', due_date: null });
  const sorted = (sortBy: 'created_at' | 'updated_at' | 'due_date', order: 'asc' | 'desc') => [d, b, a, c].sort(taskOrder(sortBy, order)).map((item) => item.id);

  it('orders by creation, and by update with ties in creation order, in both directions', () => {
    expect(sorted('created_at', 'asc')).toEqual(['a', 'b', 'c', 'd']);
    expect(sorted('created_at', 'desc')).toEqual(['d', 'c', 'b', 'a']);
    expect(sorted('updated_at', 'asc')).toEqual(['d', 'b', 'c', 'a']);
    expect(sorted('updated_at', 'desc')).toEqual(['a', 'c', 'b', 'd']);
  });

  it('orders by due date with tasks without one last in both directions, among themselves by creation', () => {
    expect(sorted('due_date', 'asc')).toEqual(['c', 'a', 'b', 'd']);
    expect(sorted('due_date', 'desc')).toEqual(['a', 'c', 'd', 'b']);
  });
});

describe('Task search: matcher', () => {
  const base: Parameters<typeof taskMatcher>[0] = { include_left_campaign: false };

  it('omits open tasks whose person left the campaign unless asked, never completed ones', () => {
    const hidden = task({ left_campaign: true });
    const completed = task({ left_campaign: true, is_completed: true });
    expect(taskMatcher(base, [], {})(hidden)).toBe(false);
    expect(taskMatcher(base, [], {})(completed)).toBe(true);
    expect(taskMatcher({ ...base, include_left_campaign: true }, [], {})(hidden)).toBe(true);
  });

  it('combines completion, types, owners (any of), due bounds and keywords with AND', () => {
    const subject = task({ task_type: 'text', owner_ids: ['m1', 'm2'], due_date: '2026-03-05T12:00:00.000Z', content_text: 'Send the contract' });
    const matcher = (fields: Partial<typeof base>, terms: string[] = [], bounds = {}) => taskMatcher({ ...base, ...fields }, terms, bounds)(subject);
    expect(matcher({ is_completed: false, task_types: ['text', 'call'], owner_ids: ['m2', 'm9'] }, ['contract'], dueBounds('2026-03-05', undefined))).toBe(true);
    expect(matcher({ is_completed: true })).toBe(false);
    expect(matcher({ task_types: ['call'] })).toBe(false);
    expect(matcher({ owner_ids: ['m9'] })).toBe(false);
    expect(matcher({}, ['invoice'])).toBe(false);
    expect(matcher({}, [], dueBounds('2026-03-06', undefined))).toBe(false);
    expect(matcher({ task_types: [], owner_ids: [] })).toBe(true);
  });
});
