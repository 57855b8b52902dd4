import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi } from '../../support/local-api';
import type { TestApi } from '../../support/local-api';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api.close());

interface ListCase {
  path: string;
  /** The names a new team starts with, in the order the list answers. */
  defaults: string[];
  /** A full record of this list for a created one, given `name`. */
  created: Record<string, unknown>;
  address: 'id' | 'type';
  singleDefault: boolean;
  uniqueNames: boolean;
  archivable: boolean;
}

const cases: ListCase[] = [
  { path: '/v1/deals/statuses', defaults: ['Lead', 'Qualified', 'Proposal', 'Won', 'Lost'], created: { color: '#6B7280', stage_order: 6, status_type: 'active', is_default_status: false }, address: 'id', singleDefault: true, uniqueNames: true, archivable: false },
  { path: '/v1/client-contacts/statuses', defaults: ['Prospect', 'Active', 'Inactive'], created: { color: null, stage_order: 4, is_default_status: false }, address: 'id', singleDefault: true, uniqueNames: true, archivable: false },
  { path: '/v1/jobs/statuses', defaults: ['Open', 'On hold', 'Closed'], created: { color: '#6B7280', stage_order: 4, status_type: 'open', is_default_status: false }, address: 'id', singleDefault: true, uniqueNames: true, archivable: false },
  { path: '/v1/jobs/roles', defaults: ['Recruiter', 'Sourcer', 'Coordinator', 'Hiring manager'], created: {}, address: 'id', singleDefault: false, uniqueNames: true, archivable: false },
  { path: '/v1/fees/statuses', defaults: ['Pending', 'Invoiced', 'Paid'], created: { color: '#6B7280', status_type: 'pending' }, address: 'id', singleDefault: false, uniqueNames: true, archivable: false },
  { path: '/v1/companies/client-statuses', defaults: ['Prospect', 'Active client', 'Former client'], created: { color: '#6B7280', stage_order: 4, is_default_status: false }, address: 'id', singleDefault: true, uniqueNames: true, archivable: false },
  { path: '/v1/person-activities/types', defaults: ['Note', 'Email', 'Meeting note', 'Call note'], created: { protected: false, counts_as_engagement: true, is_archived: false, system_generated: false }, address: 'type', singleDefault: false, uniqueNames: false, archivable: true },
  { path: '/v1/company-activities/types', defaults: ['Note', 'Call note', 'Meeting note', 'Email'], created: { protected: false, counts_as_engagement: true, is_archived: false, system_generated: false }, address: 'type', singleDefault: false, uniqueNames: false, archivable: true },
];

const itemPathOf = (list: ListCase, address: string) => `${list.path}/${address}`;
const addressOfIn = (list: ListCase) => (record: Record<string, unknown>) => String(record[list.address]);

describe.each(cases)('Configuration list $path', (list) => {
  const itemPath = (address: string) => itemPathOf(list, address);
  const addressOf = addressOfIn(list);

  it('starts a new team with the defaults, in order, as one unpaginated list', async () => {
    const response = await api.request('GET', list.path);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBeTruthy();
    expect(response.body.success).toBe(true);
    expect(response.body.meta).toBeUndefined();
    expect(response.body.data.map((record: { name: string }) => record.name)).toEqual(list.defaults);
    if (list.singleDefault) expect(response.body.data.filter((record: { is_default_status: boolean }) => record.is_default_status)).toHaveLength(1);
  });

  it('creates a record from a name alone with 201 and the documented defaults, then lists it last', async () => {
    const created = await api.request('POST', list.path, { body: { name: 'Created by test' } });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ success: true, data: { ...(list.address === 'id' ? { id: expect.stringMatching(/^[0-9a-f-]{36}$/) } : { type: 'created_by_test' }), name: 'Created by test', ...list.created } });
    const listed = await api.request('GET', list.path);
    expect(listed.body.data.at(-1)).toEqual(created.body.data);
  });

  it('updates only the fields given', async () => {
    const created = await api.request('POST', list.path, { body: { name: 'Before rename' } });
    const updated = await api.request('PATCH', itemPath(addressOf(created.body.data)), { body: { name: 'After rename' } });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toEqual({ ...created.body.data, name: 'After rename' });
    const listed = await api.request('GET', list.path);
    expect(listed.body.data.map((record: { name: string }) => record.name)).toContain('After rename');
    expect(listed.body.data.map((record: { name: string }) => record.name)).not.toContain('Before rename');
  });

  it('soft-deletes a record: no longer listed, and a second delete is 404', async () => {
    const created = await api.request('POST', list.path, { body: { name: 'To delete' } });
    const address = addressOf(created.body.data);
    const deleted = await api.request('DELETE', itemPath(address));
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ success: true, data: { [list.address]: address, deleted: true } });
    const listed = await api.request('GET', list.path);
    expect(listed.body.data.map(addressOf)).not.toContain(address);
    const again = await api.request('DELETE', itemPath(address));
    expect(again.status).toBe(404);
    expect(again.body.error.code).toBe('NOT_FOUND');
    expect((await api.request('PATCH', itemPath(address), { body: { name: 'Ghost' } })).status).toBe(404);
  });

  it("answers 404 for another team's record, exactly like a missing one", async () => {
    const theirs = await api.request('GET', list.path, { token: api.teamB.api_key });
    const address = addressOf(theirs.body.data.find((record: { protected?: boolean }) => !record.protected) ?? theirs.body.data[0]);
    const patch = await api.request('PATCH', itemPath(address), { body: { name: 'Hijacked' } });
    const remove = await api.request('DELETE', itemPath(address));
    if (list.address === 'id') {
      expect(patch.status).toBe(404);
      expect(remove.status).toBe(404);
      expect(patch.body.error).toEqual({ code: 'NOT_FOUND', message: expect.any(String), request_id: patch.headers.get('x-request-id') });
    }
    const theirsAfter = await api.request('GET', list.path, { token: api.teamB.api_key });
    expect(theirsAfter.body.data).toEqual(theirs.body.data);
  });

  it('refuses unknown fields, a missing name and bad values with 400 and details', async () => {
    const unknown = await api.request('POST', list.path, { body: { name: 'X', colour: '#FFFFFF' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.code).toBe('VALIDATION_ERROR');
    expect(unknown.body.error.details).toContainEqual({ path: 'body.colour', message: expect.any(String) });
    const missing = await api.request('POST', list.path, { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.error.details).toContainEqual({ path: 'body.name', message: expect.any(String) });
    const empty = await api.request('POST', list.path, { body: { name: '' } });
    expect(empty.status).toBe(400);
  });

});

describe.each(cases.filter((list) => list.uniqueNames))('Configuration list $path (unique names)', (list) => {
  const itemPath = (address: string) => itemPathOf(list, address);
  const addressOf = addressOfIn(list);

  it('refuses a second record with the same name (any case) with 409', async () => {
    await api.request('POST', list.path, { body: { name: 'Unique Name' } });
    const duplicate = await api.request('POST', list.path, { body: { name: 'unique name' } });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error.code).toBe('CONFLICT');
  });

  it('frees a deleted name for reuse', async () => {
    const created = await api.request('POST', list.path, { body: { name: 'Recycled' } });
    await api.request('DELETE', itemPath(addressOf(created.body.data)));
    expect((await api.request('POST', list.path, { body: { name: 'Recycled' } })).status).toBe(201);
  });

});

describe.each(cases.filter((list) => list.singleDefault))('Configuration list $path (single default)', (list) => {
  const itemPath = (address: string) => itemPathOf(list, address);

  it('keeps exactly one default: a new default demotes the old, and the default cannot be deleted', async () => {
    const before = await api.request('GET', list.path);
    const oldDefault = before.body.data.find((record: { is_default_status: boolean }) => record.is_default_status);
    const created = await api.request('POST', list.path, { body: { name: 'New default', is_default_status: true } });
    expect(created.body.data.is_default_status).toBe(true);
    const after = await api.request('GET', list.path);
    expect(after.body.data.filter((record: { is_default_status: boolean }) => record.is_default_status).map((record: { id: string }) => record.id)).toEqual([created.body.data.id]);
    const deleteDefault = await api.request('DELETE', itemPath(created.body.data.id));
    expect(deleteDefault.status).toBe(409);
    const unsetDefault = await api.request('PATCH', itemPath(created.body.data.id), { body: { is_default_status: false } });
    expect(unsetDefault.status).toBe(409);
    const restore = await api.request('PATCH', itemPath(oldDefault.id), { body: { is_default_status: true } });
    expect(restore.body.data.is_default_status).toBe(true);
  });

});

describe.each(cases.filter((list) => list.archivable))('Configuration list $path (activity types)', (list) => {
  const itemPath = (address: string) => itemPathOf(list, address);

  it('protects built-in types from deletion and hides archived types unless include_archived=true', async () => {
    const builtIn = await api.request('DELETE', itemPath('secondary_note'));
    expect(builtIn.status).toBe(409);
    expect(builtIn.body.error.code).toBe('CONFLICT');
    const created = await api.request('POST', list.path, { body: { type: 'follow_up', name: 'Follow-up', counts_as_engagement: false } });
    expect(created.status).toBe(201);
    expect(created.body.data).toEqual({ type: 'follow_up', name: 'Follow-up', protected: false, counts_as_engagement: false, is_archived: false, system_generated: false });
    const archived = await api.request('PATCH', itemPath('follow_up'), { body: { is_archived: true } });
    expect(archived.body.data.is_archived).toBe(true);
    const hidden = await api.request('GET', list.path);
    expect(hidden.body.data.map((record: { type: string }) => record.type)).not.toContain('follow_up');
    const shown = await api.request('GET', `${list.path}?include_archived=true`);
    expect(shown.body.data.map((record: { type: string }) => record.type)).toContain('follow_up');
    expect((await api.request('GET', `${list.path}?include_archived=false`)).status).toBe(400);
    expect((await api.request('POST', list.path, { body: { type: 'follow_up', name: 'Again' } })).status).toBe(409);
    expect((await api.request('POST', list.path, { body: { type: 'Bad Key', name: 'Bad' } })).status).toBe(400);
  });
});
