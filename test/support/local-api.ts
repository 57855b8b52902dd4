import { seedTeam } from '../../infra/local/seed';
import type { SeededTeam } from '../../infra/local/seed';
import { startLocalServer } from '../../infra/local/server';
import type { LocalServer } from '../../infra/local/server';

/** An answer as a test inspects it: status, headers and the parsed JSON body (text when not JSON). */
export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  token?: string | null;
  body?: unknown;
  /** Sent as is (no JSON encoding) when given. */
  rawBody?: string | Buffer;
  headers?: Record<string, string>;
}

/** A running local API (real handlers, real engine) with two seeded teams for tenancy checks. */
export interface TestApi {
  server: LocalServer;
  url: string;
  teamA: SeededTeam;
  teamB: SeededTeam;
  request<T = any>(method: string, path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  close(): Promise<void>;
}

/**
 * Starts the local server on a free port over a fresh in-memory engine, exactly as `npm start`
 * does, and seeds team A (the demo team) and team B.
 */
export async function startTestApi(environment: Record<string, string> = {}): Promise<TestApi> {
  delete process.env.DYNAMODB_ENDPOINT;
  delete process.env.S3_ENDPOINT;
  // Vitest exports Vite's BASE_URL ('/'), which is not the service's public address.
  delete process.env.BASE_URL;
  Object.assign(process.env, environment);
  const server = await startLocalServer({ port: 0, seed: true });
  const teamA = server.demo as SeededTeam;
  const teamB = await seedTeam('Other Agency', { email: 'other@example.com', first_name: 'Otto', last_name: 'Other' });

  async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const token = options.token === undefined ? teamA.api_key : options.token;
    const headers: Record<string, string> = { ...(token ? { authorization: `Bearer ${token}` } : {}), ...options.headers };
    let body: string | Buffer | undefined = options.rawBody;
    if (body === undefined && options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(`${server.url}${path}`, { method, headers, ...(body === undefined ? {} : { body }) });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON (the docs page): keep the text.
    }
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  return { server, url: server.url, teamA, teamB, request, close: () => server.close() };
}
