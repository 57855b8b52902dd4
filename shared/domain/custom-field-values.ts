import * as z from 'zod/mini';
import { ValidationError } from '../http/errors';
import type { ErrorDetail } from '../http/errors';
import { getCompaniesById } from './companies/company-store';
import type { StoredCustomFieldValue } from './companies/company-store';
import { listAllCustomFields } from './custom-fields';
import type { CustomFieldDefinition, CustomFieldScope } from './custom-fields';
import { getTeamMembersById, memberName } from './team-members';

/** How a record's custom field values are stored: one entry per attribute id. */
export type StoredCustomFields = Record<string, StoredCustomFieldValue>;

/**
 * `custom_fields` in create and update bodies: one entry per attribute, with the key that fits its
 * data type (`value` for text, number, integer and date; `tag_ids` for selects; `team_member_ids`;
 * `company_ids`). `null` or an empty array clears the field; attributes not mentioned are kept.
 */
export const customFieldsInput = z.array(
  z.strictObject({
    attribute_id: z.uuid(),
    value: z.optional(z.nullable(z.union([z.string().check(z.maxLength(10_000)), z.number()]))),
    tag_ids: z.optional(z.array(z.uuid()).check(z.maxLength(100))),
    team_member_ids: z.optional(z.array(z.uuid()).check(z.maxLength(100))),
    company_ids: z.optional(z.array(z.uuid()).check(z.maxLength(100))),
  }),
).check(z.maxLength(200));
export type CustomFieldsInput = z.output<typeof customFieldsInput>;

const idSummary = z.nullable(z.object({ id: z.string(), name: z.string() }));

/** A custom field value as records show it (specification, "Custom field value"): one entry per value. */
export const customFieldValueSchema = z.object({
  attribute_id: z.string(),
  attribute_name: z.string(),
  data_type: z.string(),
  value: z.nullable(z.union([z.string(), z.number()])),
  tag: idSummary,
  team_member: idSummary,
  company: idSummary,
});
export type CustomFieldValue = z.infer<typeof customFieldValueSchema>;

type ValueKey = 'value' | 'tag_ids' | 'team_member_ids' | 'company_ids';

const keyOfType: Record<CustomFieldDefinition['data_type'], ValueKey> = {
  text: 'value',
  number: 'value',
  integer: 'value',
  date: 'value',
  'single-select': 'tag_ids',
  'multi-select': 'tag_ids',
  'multi-team-member': 'team_member_ids',
  'multi-company': 'company_ids',
};

const isCalendarDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00.000Z`).toISOString().startsWith(value);

/**
 * Applies `entries` to a record's `current` values after checking each against its definition's
 * data type (integer, `YYYY-MM-DD` date, tags of that definition, existing team members and
 * companies). Every problem is reported at once as a 400 naming the field.
 */
export async function applyCustomFieldWrites(teamId: string, scope: CustomFieldScope, entries: CustomFieldsInput, current: StoredCustomFields = {}): Promise<StoredCustomFields> {
  if (!entries.length) return current;
  const definitions = new Map((await listAllCustomFields(teamId, scope)).map((definition) => [definition.id, definition]));
  const details: ErrorDetail[] = [];
  const next: StoredCustomFields = { ...current };
  const seen = new Set<string>();
  const memberIds = new Set<string>();
  const companyIds = new Set<string>();
  const problem = (index: number, key: string, message: string) => details.push({ path: `body.custom_fields.${index}.${key}`, message });

  entries.forEach((entry, index) => {
    const definition = definitions.get(entry.attribute_id);
    if (!definition) return problem(index, 'attribute_id', `Not a ${scope.slice(0, -1)} custom field of this team`);
    if (seen.has(entry.attribute_id)) return problem(index, 'attribute_id', `Custom field "${definition.name}" is given twice`);
    seen.add(entry.attribute_id);
    const field = `Custom field "${definition.name}" (${definition.data_type})`;
    const expected = keyOfType[definition.data_type];
    const given = (['value', 'tag_ids', 'team_member_ids', 'company_ids'] as const).filter((key) => entry[key] !== undefined);
    const wrong = given.find((key) => key !== expected);
    if (wrong) return problem(index, wrong, `${field} takes ${expected}, not ${wrong}`);
    if (!given.length) return problem(index, expected, `${field} needs ${expected}`);

    if (expected === 'value') {
      const value = entry.value;
      if (value === null) {
        delete next[definition.id];
        return;
      }
      const valid =
        (definition.data_type === 'text' && typeof value === 'string') ||
        (definition.data_type === 'number' && typeof value === 'number' && Number.isFinite(value)) ||
        (definition.data_type === 'integer' && typeof value === 'number' && Number.isSafeInteger(value)) ||
        (definition.data_type === 'date' && typeof value === 'string' && isCalendarDate(value));
      const wanted = { text: 'a string', number: 'a number', integer: 'an integer', date: 'a date YYYY-MM-DD' }[definition.data_type as 'text'];
      if (!valid) return problem(index, 'value', `${field} expects ${wanted}`);
      next[definition.id] = { value: value as string | number };
      return;
    }

    const ids = [...new Set(entry[expected] as string[])];
    if (!ids.length) {
      delete next[definition.id];
      return;
    }
    if (expected === 'tag_ids') {
      if (definition.data_type === 'single-select' && ids.length > 1) return problem(index, 'tag_ids', `${field} takes one tag`);
      const known = new Set(definition.tags.map((tag) => tag.id));
      const unknown = ids.filter((id) => !known.has(id));
      if (unknown.length) return problem(index, 'tag_ids', `${field} has no tag ${unknown.join(', ')}`);
    }
    if (expected === 'team_member_ids') ids.forEach((id) => memberIds.add(id));
    if (expected === 'company_ids') ids.forEach((id) => companyIds.add(id));
    next[definition.id] = { [expected]: ids };
  });

  // References are checked together: one batch read for members and one for companies.
  const [members, companies] = await Promise.all([getTeamMembersById(teamId, memberIds), getCompaniesById(teamId, companyIds)]);
  entries.forEach((entry, index) => {
    const definition = definitions.get(entry.attribute_id);
    if (!definition) return;
    const missingMembers = (entry.team_member_ids ?? []).filter((id) => !members.has(id));
    if (missingMembers.length) problem(index, 'team_member_ids', `Custom field "${definition.name}" (${definition.data_type}): no team member ${missingMembers.join(', ')}`);
    const missingCompanies = (entry.company_ids ?? []).filter((id) => !companies.has(id));
    if (missingCompanies.length) problem(index, 'company_ids', `Custom field "${definition.name}" (${definition.data_type}): no company ${missingCompanies.join(', ')}`);
  });

  if (details.length) {
    const first = details[0] as ErrorDetail;
    throw new ValidationError(details.length === 1 ? `Invalid custom field value: ${first.message}` : `Invalid custom field values: ${details.length} problems, see details`, details);
  }
  return next;
}

/**
 * Renders stored values as the specification's custom field values, in definition order: one entry
 * per value, so a multi-select with three tags gives three entries. Values of deleted definitions,
 * removed tags, and members or companies not in the maps are left out.
 */
export function renderCustomFieldValuesWith(
  values: StoredCustomFields | undefined,
  definitions: CustomFieldDefinition[],
  members: Map<string, { id: string; first_name: string; last_name: string }>,
  companies: Map<string, { id: string; name: string }>,
): CustomFieldValue[] {
  const rendered: CustomFieldValue[] = [];
  for (const definition of definitions) {
    const value = values?.[definition.id];
    if (!value) continue;
    const base = { attribute_id: definition.id, attribute_name: definition.name, data_type: definition.data_type, value: null, tag: null, team_member: null, company: null };
    if (value.value !== undefined) rendered.push({ ...base, value: value.value });
    for (const tagId of value.tag_ids ?? []) {
      const tag = definition.tags.find((candidate) => candidate.id === tagId);
      if (tag) rendered.push({ ...base, tag: { id: tag.id, name: tag.name } });
    }
    for (const memberId of value.team_member_ids ?? []) {
      const member = members.get(memberId);
      if (member) rendered.push({ ...base, team_member: { id: member.id, name: memberName(member) } });
    }
    for (const companyId of value.company_ids ?? []) {
      const company = companies.get(companyId);
      if (company) rendered.push({ ...base, company: { id: company.id, name: company.name } });
    }
  }
  return rendered;
}

/** The team members and companies stored values refer to, for one batch read beside other records. */
export function customFieldReferences(values: StoredCustomFields | undefined): { attributeIds: string[]; memberIds: string[]; companyIds: string[] } {
  const entries = Object.entries(values ?? {});
  return {
    attributeIds: entries.map(([attributeId]) => attributeId),
    memberIds: entries.flatMap(([, value]) => value.team_member_ids ?? []),
    companyIds: entries.flatMap(([, value]) => value.company_ids ?? []),
  };
}

/** {@link renderCustomFieldValuesWith}, reading the definitions and the referenced names itself. */
export async function renderCustomFieldValues(teamId: string, scope: CustomFieldScope, stored: StoredCustomFields | undefined): Promise<CustomFieldValue[]> {
  if (!Object.keys(stored ?? {}).length) return [];
  const { memberIds, companyIds } = customFieldReferences(stored);
  const [definitions, members, companies] = await Promise.all([listAllCustomFields(teamId, scope), getTeamMembersById(teamId, memberIds), getCompaniesById(teamId, companyIds)]);
  return renderCustomFieldValuesWith(stored, definitions, members, companies);
}
