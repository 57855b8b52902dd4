import * as z from 'zod/mini';
import { forTeam } from '../../db/repository';
import type { Stored } from '../../db/repository';
import type { StoredCompany } from '../companies/company-store';
import { companyKey } from '../companies/company-store';
import { clientContactStatuses } from '../configuration/client-contact-statuses';
import { personKey, personSummarySchema, toPersonSummary } from '../persons/person-store';
import type { StoredPerson } from '../persons/person-store';
import type { StoredClientContact } from './client-contact-store';

/** A client contact row (specification, "Client contact"): every field always present. */
export const clientContactSchema = z.object({
  id: z.string(),
  person_id: z.nullable(z.string()),
  client_id: z.nullable(z.string()),
  client_contact_status_id: z.nullable(z.string()),
  person: z.nullable(personSummarySchema),
  company: z.nullable(z.object({ id: z.string(), name: z.string(), domain: z.nullable(z.string()) })),
  status: z.nullable(z.object({ id: z.string(), name: z.string(), color: z.nullable(z.string()), stage_order: z.nullable(z.number()), is_default_status: z.boolean() })),
  owner_ids: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ClientContact = z.infer<typeof clientContactSchema>;

/**
 * Renders rows with their person, company and status. The persons and companies of the whole page
 * come from one `BatchGetItem`, the statuses from one `Query`; a deleted person or company shows as
 * null, a status deleted later still shows.
 */
export async function renderClientContacts(teamId: string, contacts: StoredClientContact[]): Promise<ClientContact[]> {
  if (!contacts.length) return [];
  const keys = [...contacts.map((contact) => personKey(contact.person_id)), ...contacts.map((contact) => companyKey(contact.client_id))];
  const [found, statuses] = await Promise.all([
    forTeam(teamId).getEach<StoredPerson & StoredCompany>(keys),
    contacts.some((contact) => contact.client_contact_status_id) ? clientContactStatuses.lookup(teamId) : Promise.resolve(new Map()),
  ]);
  return contacts.map((contact, index) => {
    const person = found[index] as Stored<StoredPerson> | undefined;
    const company = found[contacts.length + index] as Stored<StoredCompany> | undefined;
    const status = contact.client_contact_status_id ? statuses.get(contact.client_contact_status_id) : undefined;
    return {
      id: contact.id,
      person_id: contact.person_id,
      client_id: contact.client_id,
      client_contact_status_id: contact.client_contact_status_id,
      person: person && !person.deleted_at ? toPersonSummary(person) : null,
      company: company && !company.deleted_at ? { id: company.id, name: company.name, domain: company.domain } : null,
      status: status ? { id: status.id, name: status.name, color: status.color, stage_order: status.stage_order, is_default_status: status.is_default_status } : null,
      owner_ids: contact.owner_ids,
      created_at: contact.created_at,
      updated_at: contact.updated_at,
    };
  });
}
