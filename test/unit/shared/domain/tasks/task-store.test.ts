import { describe, expect, it } from 'vitest';
import { absentIndexes, counterDeltas, isHidden, taskIndexes } from '../../../../../shared/domain/tasks/task-store';
import type { StoredTask } from '../../../../../shared/domain/tasks/task-store';
import { neutralTask } from '../../../../support/tasks';

const task = (fields: Partial<StoredTask> = {}): StoredTask => neutralTask({ updated_at: '2026-01-02T00:00:00.000Z', ...fields });

describe('Task store: index entries', () => {
  it('places a task under each record it relates to, one index per relation kind', () => {
    const indexes = taskIndexes(task({ person_id: 'p', deal_id: 'd', client_id: 'c', job_id: 'j' }), '01SORT');
    expect(indexes).toMatchObject({
      GSI2: { pk: 'TASK#PERSON#p', sk: '01SORT' },
      GSI3: { pk: 'TASK#DEAL#d', sk: '01SORT' },
      GSI4: { pk: 'TASK#CLIENT#c', sk: '01SORT' },
      GSI5: { pk: 'TASK#JOB#j', sk: '01SORT' },
    });
    expect(taskIndexes(task({ job_id: 'j' }), '01SORT')).not.toHaveProperty('GSI2');
  });

  it('places a task that shows by creation, by update and by due date in its completion state', () => {
    expect(taskIndexes(task({ due_date: '2026-03-01T00:00:00.000Z' }), '01SORT')).toEqual({
      GSI1: { pk: 'TASK', sk: '01SORT' },
      GSI6: { pk: 'TASK', sk: '2026-01-02T00:00:00.000Z#01SORT' },
      GSI7: { pk: 'TASK#OPEN#DUE', sk: '2026-03-01T00:00:00.000Z#01SORT' },
    });
    expect(taskIndexes(task({ is_completed: true }), '01SORT').GSI7).toEqual({ pk: 'TASK#DONE#UNDATED', sk: '01SORT' });
  });

  it('moves an open task whose person left the campaign to the hidden partition only; a completed one still shows', () => {
    const hidden = task({ left_campaign: true, person_id: 'p', due_date: '2026-03-01T00:00:00.000Z' });
    expect(isHidden(hidden)).toBe(true);
    const indexes = taskIndexes(hidden, '01SORT');
    expect(indexes).toEqual({ GSI1: { pk: 'TASK#LEFT', sk: '01SORT' }, GSI2: { pk: 'TASK#PERSON#p', sk: '01SORT' } });
    expect(absentIndexes(indexes)).toEqual(['GSI3', 'GSI4', 'GSI5', 'GSI6', 'GSI7']);
    expect(taskIndexes({ ...hidden, is_completed: true }, '01SORT').GSI1).toEqual({ pk: 'TASK', sk: '01SORT' });
  });
});

describe('Task store: counters', () => {
  it('counts a shown task in TASK and its due partition, a hidden or deleted one nowhere', () => {
    expect(counterDeltas(undefined, task())).toEqual(new Map([['TASK', 1], ['TASK#OPEN#UNDATED', 1]]));
    expect(counterDeltas(task(), undefined)).toEqual(new Map([['TASK', -1], ['TASK#OPEN#UNDATED', -1]]));
    expect(counterDeltas(undefined, task({ left_campaign: true }))).toEqual(new Map());
  });

  it('moves only the counters that change', () => {
    expect(counterDeltas(task(), task({ is_completed: true, due_date: '2026-03-01T00:00:00.000Z' }))).toEqual(new Map([['TASK#OPEN#UNDATED', -1], ['TASK#DONE#DUE', 1]]));
    expect(counterDeltas(task(), task({ content_text: 'Edited' }))).toEqual(new Map());
    expect(counterDeltas(task(), task({ left_campaign: true }))).toEqual(new Map([['TASK', -1], ['TASK#OPEN#UNDATED', -1]]));
  });
});
