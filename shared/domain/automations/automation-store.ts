import { forTeam } from '../../db/repository';
import type { Stored } from '../../db/repository';
import type { AutomationTriggerType } from './catalogue';
import type { AutomationAction, AutomationTrigger } from './automation-payloads';

/**
 * A team has a few automations (tens, not thousands), so they share one item collection,
 * `TEAM#<t>#AUTOMATION`, one item per automation under `ID#<id>` holding the whole definition:
 * `GET /v1/automations/{id}` is one `GetItem`, and search is one consistent `Query` of the
 * collection, filtered, sorted and paged in memory (its cost grows with the team's automations).
 */

/** An automation as stored: the list row's own fields plus the trigger and actions. */
export interface StoredAutomation {
  id: string;
  name: string;
  is_enabled: boolean;
  is_archived: boolean;
  runs_on_api_changes: boolean;
  trigger_type: AutomationTriggerType;
  trigger: AutomationTrigger;
  actions: AutomationAction[];
  created_at: string;
  updated_at: string;
}

const automationCollection = 'AUTOMATION';

/** Key of an automation: `TEAM#<t>#AUTOMATION` / `ID#<id>`. */
export const automationKey = (id: string) => ({ pk: automationCollection, sk: `ID#${id}` });

/** `GetItem` of a live automation; `undefined` when missing, deleted or another team's. */
export async function findAutomation(teamId: string, id: string): Promise<Stored<StoredAutomation> | undefined> {
  const automation = await forTeam(teamId).get<StoredAutomation>(automationKey(id));
  return automation && !automation.deleted_at ? automation : undefined;
}

/**
 * Every live automation of the team, in key order (one consistent `Query` of
 * `TEAM#<t>#AUTOMATION`, all pages): what search filters and sorts in memory.
 */
export async function listAllAutomations(teamId: string): Promise<Stored<StoredAutomation>[]> {
  const items = await forTeam(teamId).queryCollection<StoredAutomation>(automationCollection, { skBeginsWith: 'ID#' });
  return items.filter((item) => !item.deleted_at);
}
