import * as z from 'zod/mini';

/**
 * Every environment variable the service reads, validated once per container.
 * Optional settings have defaults that suit `npm start`; the CDK stack sets the rest.
 */
const environmentSchema = z.object({
  TABLE_NAME: z._default(z.string().check(z.minLength(1)), 'recruiting'),
  /** Set only when talking to a local engine (dynalite, DynamoDB Local); unset in AWS. */
  DYNAMODB_ENDPOINT: z.optional(z.url()),
  AWS_REGION: z._default(z.string(), 'us-east-1'),
  /** Issuer and audience every session/OAuth JWT must carry. Without an issuer, JWTs are refused. */
  AUTH_JWT_ISSUER: z.optional(z.string().check(z.minLength(1))),
  AUTH_JWT_AUDIENCE: z.optional(z.string().check(z.minLength(1))),
  /** RS256 keys published by the identity provider (AWS). */
  AUTH_JWKS_URL: z.optional(z.url()),
  /** HS256 shared secret (local running and tests). */
  AUTH_JWT_SECRET: z.optional(z.string().check(z.minLength(16))),
  /** How long a verified API key is trusted without re-reading it: bounds how long a revoked key keeps working. */
  API_KEY_CACHE_TTL_SECONDS: z._default(z.coerce.number().check(z.minimum(0), z.maximum(300)), 5),
  LOG_LEVEL: z._default(z.enum(['debug', 'info', 'warn', 'error', 'silent']), 'info'),
  /** Public address used in links (magic links, signed document links). */
  BASE_URL: z.optional(z.url()),
  /** The private bucket holding person documents and their extracted text (CDK sets it; `npm start` its emulator's). */
  DOCUMENTS_BUCKET: z._default(z.string().check(z.minLength(3), z.maxLength(63)), 'recruiting-documents'),
  /** Set only when talking to a local S3-compatible store (path-style, placeholder credentials); unset in AWS. */
  S3_ENDPOINT: z.optional(z.url()),
  /** Lifetime of the signed download links of person documents, in seconds. */
  DOCUMENT_LINK_TTL_SECONDS: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(3600)), 300),
  /** The SQS queue of webhook delivery attempts (CDK sets it); unset, attempts run in-process (`npm start`, tests). */
  WEBHOOK_QUEUE_URL: z.optional(z.url()),
  /**
   * Seconds before each webhook delivery attempt, counted from the previous one, comma-separated
   * (`0,0.2,0.4`: three attempts); unset, the real schedule of `shared/webhooks/retry-schedule.ts`.
   */
  WEBHOOK_RETRY_DELAYS_SECONDS: z.optional(z.string().check(z.regex(/^\s*\d+(\.\d+)?\s*(,\s*\d+(\.\d+)?\s*){0,19}$/))),
  /** Seconds an endpoint has to answer a delivery before the attempt counts as a timeout (unset: 5). */
  WEBHOOK_TIMEOUT_SECONDS: z.optional(z.coerce.number().check(z.minimum(0.1), z.maximum(30))),
  /** Check every handler's answer against its response schema (on in tests and `npm start`). */
  VALIDATE_RESPONSES: z._default(z.stringbool(), false),
});

export type Config = z.infer<typeof environmentSchema>;

/** Raised when the environment cannot run the service; the message names every bad variable. */
export class ConfigurationError extends Error {
  override name = 'ConfigurationError';
}

/**
 * Parses an environment into a {@link Config}, rejecting contradictory JWT settings.
 * @example loadConfig({ TABLE_NAME: 'recruiting', AUTH_JWT_SECRET: 'a'.repeat(32) })
 */
export function loadConfig(environment: Record<string, string | undefined>): Config {
  // Empty strings come from unset CloudFormation parameters: treat them as absent.
  const present = Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = environmentSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigurationError(`Invalid environment: ${problems.join('; ')}`);
  }
  const config = parsed.data;
  if (config.AUTH_JWT_ISSUER) {
    if (!config.AUTH_JWT_AUDIENCE) throw new ConfigurationError('AUTH_JWT_AUDIENCE is required with AUTH_JWT_ISSUER');
    if (!config.AUTH_JWKS_URL === !config.AUTH_JWT_SECRET) {
      throw new ConfigurationError('Set exactly one of AUTH_JWKS_URL (RS256) or AUTH_JWT_SECRET (HS256) with AUTH_JWT_ISSUER');
    }
  }
  return config;
}

let current: Config | undefined;

/** The configuration of this container, read from `process.env` on first use. */
export function config(): Config {
  current ??= loadConfig(process.env);
  return current;
}

/** Forgets the cached configuration so the next {@link config} call re-reads `process.env` (tests, local server). */
export function resetConfig(): void {
  current = undefined;
}
