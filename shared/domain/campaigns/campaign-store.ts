import { forTeam } from '../../db/repository';
import type { Stored } from '../../db/repository';

/*
 * A campaign is one item collection `TEAM#<t>#CAMPAIGN#<id>`: the record (`CAMPAIGN`, entity
 * `CAMPAIGN`) and one item per person the campaign concerns (`PERSON#<personId>`, entity
 * `CAMPAIGN_PERSON`). That item exists once the person joined, or once a task of the campaign names
 * the person, and holds both facts together: membership (`joined_at`, `left_at`) and the ids of the
 * person's tasks in the campaign. It is the one item every change of either reads and writes at the
 * version read, so a task created while its person leaves cannot escape the rule that hides it:
 * one of the two transactions fails on the version and is retried with what the other wrote.
 */

/** A campaign as stored. */
export interface StoredCampaign {
  id: string;
  name: string;
  /** Persons currently members (joined and not left); kept by membership changes. */
  member_count: number;
  created_at: string;
  updated_at: string;
}

/** One person's standing in one campaign. */
export interface StoredCampaignPerson {
  campaign_id: string;
  person_id: string;
  /** When the person last joined; null when the person never joined (tasks only). */
  joined_at: string | null;
  /** When the person left; null while a member (or never joined). */
  left_at: string | null;
  /** The person's live tasks of this campaign (at most {@link maxCampaignTasksPerPerson}). */
  task_ids: string[];
  created_at: string;
  updated_at: string;
}

/**
 * Most live tasks one person has in one campaign: leaving or rejoining moves them all in the same
 * transaction as the membership change (well inside the 100 items of a transaction).
 */
export const maxCampaignTasksPerPerson = 50;

const campaignPartition = (id: string) => `CAMPAIGN#${id}`;

/** Key of a campaign record: `TEAM#<t>#CAMPAIGN#<id>` / `CAMPAIGN`. */
export const campaignKey = (id: string) => ({ pk: campaignPartition(id), sk: 'CAMPAIGN' });

/** Key of a person's standing in a campaign: `TEAM#<t>#CAMPAIGN#<id>` / `PERSON#<personId>`. */
export const campaignPersonKey = (campaignId: string, personId: string) => ({ pk: campaignPartition(campaignId), sk: `PERSON#${personId}` });

/** GSI1 places a campaign among the team's campaigns in creation order (`TEAM#<t>#CAMPAIGN`). */
export const campaignIndexes = (createdSort: string) => ({ GSI1: { pk: 'CAMPAIGN', sk: createdSort } });

/** The counter of the team's campaigns. */
export const campaignCounter = 'CAMPAIGN';

/** A current member: joined and not left since. */
export const isMember = (standing: Pick<StoredCampaignPerson, 'joined_at' | 'left_at'> | undefined): boolean => !!standing && standing.joined_at !== null && standing.left_at === null;

/** Has left the campaign (and not rejoined): the person's open tasks of the campaign are hidden. */
export const hasLeft = (standing: Pick<StoredCampaignPerson, 'left_at'> | undefined): boolean => !!standing && standing.left_at !== null;

/** `GetItem` of a live campaign; `undefined` when missing or another team's. */
export async function findCampaign(teamId: string, id: string): Promise<Stored<StoredCampaign> | undefined> {
  const campaign = await forTeam(teamId).get<StoredCampaign>(campaignKey(id));
  return campaign && !campaign.deleted_at ? campaign : undefined;
}

/** `GetItem` (consistent) of a person's standing in a campaign; `undefined` when the campaign never concerned the person. */
export async function findCampaignPerson(teamId: string, campaignId: string, personId: string): Promise<Stored<StoredCampaignPerson> | undefined> {
  return forTeam(teamId).get<StoredCampaignPerson>(campaignPersonKey(campaignId, personId));
}

/** Every person a campaign concerns (members, former members, persons with tasks only): the `PERSON#` range of its collection. */
export async function listCampaignPersons(teamId: string, campaignId: string): Promise<Stored<StoredCampaignPerson>[]> {
  return forTeam(teamId).queryCollection<StoredCampaignPerson>(campaignPartition(campaignId), { skBeginsWith: 'PERSON#' });
}

/** One page of the team's campaigns in creation order (GSI1), reading `offset + limit` items at most. */
export async function listCampaignsPage(teamId: string, page: { ascending: boolean; offset: number; limit: number }): Promise<Stored<StoredCampaign>[]> {
  return forTeam(teamId).queryPage<StoredCampaign>({ index: 'GSI1', pk: 'CAMPAIGN', ...page });
}
