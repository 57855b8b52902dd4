import * as z from 'zod/mini';
import { defineConfigurationList } from './configuration-list';

/** A stage of the team's default pipeline, copied into a job created without `pipeline_stages`. */
export const pipelineStageSchema = z.object({
  id: z.string(),
  name: z.string(),
  stage_order: z.number(),
  is_rejection_stage: z.boolean(),
  is_interviewing_stage: z.boolean(),
});

const stage = (name: string, flags: { is_rejection_stage?: boolean; is_interviewing_stage?: boolean } = {}) => ({
  name,
  is_rejection_stage: flags.is_rejection_stage ?? false,
  is_interviewing_stage: flags.is_interviewing_stage ?? false,
});

/** The team's default pipeline template, ordered by `stage_order`. */
export const pipelineTemplateStages = defineConfigurationList({
  type: 'PIPELINE_TEMPLATE_STAGE',
  label: 'Pipeline template stage',
  record: pipelineStageSchema,
  addressedBy: 'id',
  order: 'stage_order',
  uniqueNames: true,
  singleDefault: false,
  createDefaults: { is_rejection_stage: false, is_interviewing_stage: false },
  seed: [
    stage('Sourced'),
    stage('Contacted'),
    stage('Screening'),
    stage('Interviewing', { is_interviewing_stage: true }),
    stage('Offer'),
    stage('Hired'),
    stage('Rejected', { is_rejection_stage: true }),
  ],
});
