import type { StoredTask } from '../../shared/domain/tasks/task-store';

/**
 * A stored task with every field at a neutral default (an open call task with no relations, owners,
 * campaign or due date), for unit tests that build tasks in memory. `extra` adds item metadata
 * such as `created_sort`.
 */
export function neutralTask<Extra extends Record<string, unknown> = Record<string, never>>(fields: Partial<StoredTask> = {}, extra?: Extra): StoredTask & Extra {
  return {
    id: 'task-1',
    content_text: 'Call Ana',
    task_type: 'call',
    due_date: null,
    is_completed: false,
    person_id: null,
    deal_id: null,
    client_id: null,
    job_id: null,
    owner_ids: [],
    campaign_id: null,
    left_campaign: false,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...fields,
    ...(extra as Extra),
  };
}
