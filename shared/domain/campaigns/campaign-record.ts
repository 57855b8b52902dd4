import * as z from 'zod/mini';
import type { StoredCampaign, StoredCampaignPerson } from './campaign-store';

/** A campaign as the API answers it. */
export const campaignSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Persons currently members (joined and not left). */
  member_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Campaign = z.infer<typeof campaignSchema>;

/** A person who joined a campaign: `left_at` is null while still a member. */
export const campaignMemberSchema = z.object({
  person_id: z.string(),
  joined_at: z.string(),
  left_at: z.nullable(z.string()),
});
export type CampaignMember = z.infer<typeof campaignMemberSchema>;

/** The API view of a stored campaign. */
export function toCampaign(campaign: StoredCampaign): Campaign {
  return { id: campaign.id, name: campaign.name, member_count: campaign.member_count, created_at: campaign.created_at, updated_at: campaign.updated_at };
}

/** The API view of the standing of a person who joined. */
export function toCampaignMember(standing: StoredCampaignPerson & { joined_at: string }): CampaignMember {
  return { person_id: standing.person_id, joined_at: standing.joined_at, left_at: standing.left_at };
}
