import * as z from 'zod/mini';
import { forTeam } from '../db/repository';
import type { WriteOperation } from '../db/repository';
import { NotFoundError } from '../http/errors';
import { newId, nowIso } from './clock';
import { defaultConfigurationWrites } from './configuration/defaults';

/** A team (organization): everything else it owns is stored under its id. */
export const teamSchema = z.object({
  id: z.string(),
  name: z.string(),
  plan: z.object({ webhooks: z.boolean() }),
  settings: z.object({ webhooks_enabled: z.boolean() }),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Team = z.infer<typeof teamSchema>;

const teamKey = { pk: '', sk: 'TEAM' };

/** `GetItem` of a team; 404 when there is none. */
export async function getTeam(teamId: string): Promise<Team & { version: number }> {
  const team = await forTeam(teamId).get<Team>(teamKey);
  if (!team) throw new NotFoundError('Team');
  return team;
}

/**
 * Creates a team with every default of extensions.md section 4 (statuses, roles, activity types,
 * pipeline template) in one transaction: a team never exists half set up.
 */
export async function createTeam(input: { name: string; webhooksPlan?: boolean; webhooksEnabled?: boolean; id?: string }): Promise<Team> {
  const id = input.id ?? newId();
  const now = nowIso();
  const team: Team = {
    id,
    name: input.name,
    plan: { webhooks: input.webhooksPlan ?? false },
    settings: { webhooks_enabled: input.webhooksEnabled ?? false },
    created_at: now,
    updated_at: now,
  };
  const table = forTeam(id);
  const writes: WriteOperation[] = [table.create(teamKey, team, { entity: 'TEAM', conflictMessage: 'A team with this id already exists' }), ...defaultConfigurationWrites(table)];
  await table.write(writes);
  return team;
}

/** Changes a team's name, plan or settings (admin command). */
export async function updateTeam(teamId: string, changes: { name?: string; webhooksPlan?: boolean; webhooksEnabled?: boolean }): Promise<Team> {
  const team = await getTeam(teamId);
  const next: Team = {
    ...team,
    name: changes.name ?? team.name,
    plan: { webhooks: changes.webhooksPlan ?? team.plan.webhooks },
    settings: { webhooks_enabled: changes.webhooksEnabled ?? team.settings.webhooks_enabled },
    updated_at: nowIso(),
  };
  const table = forTeam(teamId);
  await table.write([table.update(teamKey, team.version, { name: next.name, plan: next.plan, settings: next.settings, updated_at: next.updated_at }, { conflictMessage: 'The team changed concurrently; retry' })]);
  return next;
}
