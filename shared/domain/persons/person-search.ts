import * as z from 'zod/mini';
import { forTeam } from '../../db/repository';
import type { Stored } from '../../db/repository';
import { ValidationError } from '../../http/errors';
import type { ErrorDetail } from '../../http/errors';
import { listAllJobCandidates } from '../candidates/candidate-store';
import type { StoredCustomFields } from '../custom-field-values';
import { listAllCustomFields } from '../custom-fields';
import type { CustomFieldDefinition } from '../custom-fields';
import { findJob } from '../jobs/job-store';
import { findList, listMemberIds } from '../lists/list-store';
import { pageBodyShape, sortOrder } from '../schemas';
import { renderPersonRows } from './person-record';
import type { PersonRow } from './person-record';
import { getPersonsInOrder, personCounter, personIndexFor, personPartition } from './person-store';
import type { StoredPerson } from './person-store';

const filters = <T extends z.ZodMiniType>(entry: T) => z.optional(z.array(entry).check(z.maxLength(20)));
const ids = () => z.array(z.uuid()).check(z.minLength(1), z.maxLength(100));

export const searchPersonsBody = z.strictObject({
  ...pageBodyShape,
  keywords: z.optional(z.array(z.string().check(z.minLength(1), z.maxLength(200))).check(z.maxLength(20))),
  job_id: z.optional(z.uuid()),
  list_id: z.optional(z.uuid()),
  select_attribute_filters: filters(z.strictObject({ attribute_id: z.uuid(), tag_ids: ids(), operator: z._default(z.enum(['any', 'all', 'none']), 'any') })),
  numeric_attribute_filters: filters(z.strictObject({ attribute_id: z.uuid(), min: z.optional(z.number()), max: z.optional(z.number()) })),
  date_attribute_filters: filters(z.strictObject({ attribute_id: z.uuid(), start: z.optional(z.iso.date()), end: z.optional(z.iso.date()) })),
  team_member_attribute_filters: filters(z.strictObject({ attribute_id: z.uuid(), team_member_ids: ids() })),
  company_attribute_filters: filters(z.strictObject({ attribute_id: z.uuid(), company_ids: ids() })),
  sort_by: z._default(z.enum(['created_at', 'updated_at', 'name']), 'created_at'),
  sort_order: sortOrder(),
});
export type SearchPersonsInput = z.output<typeof searchPersonsBody>;

type Predicate = (values: StoredCustomFields) => boolean;

/** Which filter kind fits which data types, and how the filter reads a value. */
const filterKinds = {
  select_attribute_filters: { dataTypes: ['single-select', 'multi-select'], noun: 'a select' },
  numeric_attribute_filters: { dataTypes: ['integer', 'number'], noun: 'a numeric' },
  date_attribute_filters: { dataTypes: ['date'], noun: 'a date' },
  team_member_attribute_filters: { dataTypes: ['multi-team-member'], noun: 'a team member' },
  company_attribute_filters: { dataTypes: ['multi-company'], noun: 'a company' },
} as const satisfies Record<string, { dataTypes: readonly CustomFieldDefinition['data_type'][]; noun: string }>;

type FilterKind = keyof typeof filterKinds;

/**
 * Turns the attribute filters into predicates after checking each against its definition: the
 * attribute must be a person custom field of the team whose data type fits the filter kind, tags
 * must be options of that field, and bounds must be in order. Every problem is reported at once.
 */
function attributePredicates(input: SearchPersonsInput, definitions: Map<string, CustomFieldDefinition>): Predicate[] {
  const details: ErrorDetail[] = [];
  const predicates: Predicate[] = [];
  const checked = <F extends { attribute_id: string }>(kind: FilterKind, entries: readonly F[] | undefined, build: (filter: F, definition: CustomFieldDefinition, path: string) => Predicate | undefined) => {
    (entries ?? []).forEach((filter, index) => {
      const path = `body.${kind}.${index}`;
      const definition = definitions.get(filter.attribute_id);
      if (!definition) return details.push({ path: `${path}.attribute_id`, message: 'Not a person custom field of this team (see GET /v1/custom-fields/persons)' });
      const fits = (filterKinds[kind].dataTypes as readonly string[]).includes(definition.data_type);
      if (!fits) return details.push({ path: `${path}.attribute_id`, message: `"${definition.name}" (${definition.data_type}) does not fit ${filterKinds[kind].noun} filter, which takes ${filterKinds[kind].dataTypes.join(' or ')} fields` });
      const predicate = build(filter, definition, path);
      if (predicate) predicates.push(predicate);
      return undefined;
    });
  };

  checked('select_attribute_filters', input.select_attribute_filters, (filter, definition, path) => {
    const options = new Set(definition.tags.map((tag) => tag.id));
    const unknown = filter.tag_ids.filter((id) => !options.has(id));
    if (unknown.length) return void details.push({ path: `${path}.tag_ids`, message: `"${definition.name}" has no tag ${unknown.join(', ')}` });
    return (values) => {
      const tags = new Set(values[definition.id]?.tag_ids ?? []);
      if (filter.operator === 'all') return filter.tag_ids.every((id) => tags.has(id));
      const any = filter.tag_ids.some((id) => tags.has(id));
      return filter.operator === 'any' ? any : !any;
    };
  });
  checked('numeric_attribute_filters', input.numeric_attribute_filters, (filter, definition, path) => {
    if (filter.min !== undefined && filter.max !== undefined && filter.min > filter.max) return void details.push({ path: `${path}.min`, message: 'min is greater than max' });
    return (values) => {
      const value = values[definition.id]?.value;
      return typeof value === 'number' && (filter.min === undefined || value >= filter.min) && (filter.max === undefined || value <= filter.max);
    };
  });
  checked('date_attribute_filters', input.date_attribute_filters, (filter, definition, path) => {
    if (filter.start !== undefined && filter.end !== undefined && filter.start > filter.end) return void details.push({ path: `${path}.start`, message: 'start is after end' });
    return (values) => {
      const value = values[definition.id]?.value;
      return typeof value === 'string' && (filter.start === undefined || value >= filter.start) && (filter.end === undefined || value <= filter.end);
    };
  });
  checked('team_member_attribute_filters', input.team_member_attribute_filters, (filter, definition) => (values) => (values[definition.id]?.team_member_ids ?? []).some((id) => filter.team_member_ids.includes(id)));
  checked('company_attribute_filters', input.company_attribute_filters, (filter, definition) => (values) => (values[definition.id]?.company_ids ?? []).some((id) => filter.company_ids.includes(id)));

  if (details.length) {
    throw new ValidationError(details.length === 1 ? `Invalid filter: ${(details[0] as ErrorDetail).message}` : `Invalid filters: ${details.length} problems, see details`, details);
  }
  return predicates;
}

/** The texts keywords are matched against: names, title, company, work history and emails. */
function searchableText(person: StoredPerson): string[] {
  return [
    person.name,
    person.first_name,
    person.last_name,
    person.current_job_title,
    person.company_name,
    ...(person.work_experiences ?? []).flatMap((experience) => [experience.company_name, experience.title]),
    ...(person.emails ?? []).map((email) => email.value),
  ]
    .filter((text): text is string => typeof text === 'string')
    .map((text) => text.toLowerCase());
}

/** The value a sort column orders by, equal to the sort key of the index ordering by it. */
const sortValue: Record<SearchPersonsInput['sort_by'], (person: Stored<StoredPerson>) => string> = {
  created_at: (person) => person.created_sort ?? person.created_at,
  updated_at: (person) => `${person.updated_at}#${person.id}`,
  name: (person) => `${person.name.toLowerCase()}#${person.id}`,
};

const hasAttributeFilters = (input: SearchPersonsInput) =>
  [input.select_attribute_filters, input.numeric_attribute_filters, input.date_attribute_filters, input.team_member_attribute_filters, input.company_attribute_filters].some((entries) => (entries?.length ?? 0) > 0);

/**
 * The persons a search starts from: a job's candidates with `job_id` (a `Query` of the job's
 * candidates), a list's members with `list_id` (a `Query` of the list's collection), both
 * intersected when both are given, then one batch read of those persons; else every person of the
 * team (`Query` of GSI1, all pages: the cost of keyword and attribute searches grows with the
 * team's persons).
 */
async function startingSet(teamId: string, input: SearchPersonsInput): Promise<Stored<StoredPerson>[]> {
  if (input.job_id !== undefined || input.list_id !== undefined) {
    const [candidates, members] = await Promise.all([
      input.job_id !== undefined ? listAllJobCandidates(teamId, input.job_id) : undefined,
      input.list_id !== undefined ? listMemberIds(teamId, input.list_id) : undefined,
    ]);
    let ids = candidates ? [...new Set(candidates.map((candidate) => candidate.person_id))] : (members as string[]);
    if (candidates && members) {
      const inList = new Set(members);
      ids = ids.filter((id) => inList.has(id));
    }
    return getPersonsInOrder(teamId, ids);
  }
  const persons = await forTeam(teamId).queryIndex<StoredPerson>({ index: personIndexFor.created_at, pk: personPartition });
  return persons.filter((person) => !person.deleted_at);
}

/**
 * `POST /v1/persons/search`. Without keywords, filters, `job_id` or `list_id` it pages the index that orders
 * persons by the sort column (reading `offset + limit` items) with the total from the persons
 * counter. Otherwise it reads the starting set (see {@link startingSet}), keeps the persons every
 * filter accepts (AND), sorts and pages in memory.
 */
export async function searchPersons(teamId: string, input: SearchPersonsInput): Promise<{ items: PersonRow[]; total: number }> {
  const keywords = (input.keywords ?? []).map((keyword) => keyword.toLowerCase());
  const ascending = input.sort_order === 'asc';
  const table = forTeam(teamId);
  const attributeFiltered = hasAttributeFilters(input);

  if (!keywords.length && !attributeFiltered && input.job_id === undefined && input.list_id === undefined) {
    const [page, total] = await Promise.all([
      table.queryPage<StoredPerson>({ index: personIndexFor[input.sort_by], pk: personPartition, ascending, offset: input.offset, limit: input.limit }),
      table.count(personCounter),
    ]);
    return { items: await renderPersonRows(teamId, page.filter((person) => !person.deleted_at)), total };
  }

  const [definitions, job, list] = await Promise.all([
    attributeFiltered ? listAllCustomFields(teamId, 'persons') : [],
    input.job_id !== undefined ? findJob(teamId, input.job_id) : undefined,
    input.list_id !== undefined ? findList(teamId, input.list_id) : undefined,
  ]);
  const details: ErrorDetail[] = [];
  if (input.job_id !== undefined && !job) details.push({ path: 'body.job_id', message: 'Not a job of this team' });
  if (input.list_id !== undefined && !list) details.push({ path: 'body.list_id', message: 'Not a list of this team' });
  else if (list && list.list_type !== 'persons') details.push({ path: 'body.list_id', message: 'Not a list of persons' });
  if (details.length) throw new ValidationError(details.length === 1 ? `Invalid search: ${(details[0] as ErrorDetail).message}` : `Invalid search: ${details.length} problems, see details`, details);
  const predicates = attributePredicates(input, new Map(definitions.map((definition) => [definition.id, definition])));

  const key = sortValue[input.sort_by];
  const matching = (await startingSet(teamId, input))
    .filter((person) => {
      const texts = keywords.length ? searchableText(person) : [];
      return keywords.every((keyword) => texts.some((text) => text.includes(keyword))) && predicates.every((accepts) => accepts(person.custom_fields ?? {}));
    })
    .sort((a, b) => (key(a) < key(b) ? -1 : 1) * (ascending ? 1 : -1));
  return { items: await renderPersonRows(teamId, matching.slice(input.offset, input.offset + input.limit)), total: matching.length };
}
