import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Sha256 } from '@smithy/core/checksum';
import { SignatureV4 } from '@smithy/signature-v4';
import { closeServer, readBody } from './http-helpers';

/**
 * An S3-compatible object store for local running and tests, in this process and in memory: one
 * bucket, path-style URLs (`/<bucket>/<key>`), `PUT`, `GET`, `HEAD` and `DELETE` of objects. Like
 * S3, it admits only requests signed with AWS Signature Version 4 by the local credentials: the
 * SDK's header-signed requests and presigned query URLs alike. It recomputes each signature with
 * the SDK's own signer (`@smithy/signature-v4`) and refuses a wrong one, an expired presigned URL
 * (`X-Amz-Date` + `X-Amz-Expires` in the past) and an unsigned request with 403 and an S3 XML error.
 * So the service's document code is the same in AWS and locally, and so are its links.
 */

/** The placeholder credentials of every local engine (the DynamoDB one uses them too). */
export const localCredentials = { accessKeyId: 'local', secretAccessKey: 'local' } as const;

export interface ObjectStoreEmulatorOptions {
  /** @default 'recruiting-documents' */
  bucket?: string;
  /** @default 0 (a free port) */
  port?: number;
  host?: string;
  /** The clock expiry is judged by (tests). @default Date.now */
  now?: () => number;
}

export interface ObjectStoreEmulator {
  /** `http://127.0.0.1:<port>`: the `S3_ENDPOINT` of the service. */
  endpoint: string;
  bucket: string;
  /** Keys stored, for tests. */
  keys(): string[];
  close(): Promise<void>;
}

interface StoredObject {
  body: Buffer;
  contentType: string;
  etag: string;
  lastModified: Date;
  /** `x-amz-checksum-*` headers given on upload, answered when a GET asks for checksums. */
  checksums: Record<string, string>;
}

/** How long a header-signed request's `X-Amz-Date` may be off the clock (S3's rule). */
const maxClockSkewMs = 15 * 60 * 1000;
/** The longest presigned URL SigV4 allows: one week. */
const maxPresignedSeconds = 7 * 24 * 60 * 60;
const largestObjectBytes = 64 * 1024 * 1024;

/** An S3 error: status, code and message, answered as S3's XML error document. */
class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const signatureMismatch = () =>
  new S3Error(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided. Check your key and signing method.');

/** `20261122T093000Z` → a Date. */
function parseAmzDate(value: string | undefined): Date | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value ?? '');
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second] = match.map(Number) as number[];
  return new Date(Date.UTC(year as number, (month as number) - 1, day, hour, minute, second));
}

/** `local/20261122/us-east-1/s3/aws4_request` → its parts, or undefined when malformed. */
function parseCredentialScope(value: string | undefined): { accessKeyId: string; date: string; region: string; service: string } | undefined {
  const parts = (value ?? '').split('/');
  if (parts.length !== 5 || parts[4] !== 'aws4_request') return undefined;
  const [accessKeyId = '', date = '', region = '', service = ''] = parts;
  return { accessKeyId, date, region, service };
}

/** Query parameters as the signer takes them: decoded, repeated names as arrays. */
function queryOf(url: URL, without: string[] = []): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const [name, value] of url.searchParams) {
    if (without.includes(name)) continue;
    const previous = query[name];
    query[name] = previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
  }
  return query;
}

function headerValue(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

function sameSignature(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

function xmlEscape(text: string): string {
  return text.replace(/[<>&"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/**
 * Starts the emulator on a loopback port.
 * @example const store = await startObjectStoreEmulator(); process.env.S3_ENDPOINT = store.endpoint;
 */
export async function startObjectStoreEmulator(options: ObjectStoreEmulatorOptions = {}): Promise<ObjectStoreEmulator> {
  const bucket = options.bucket ?? 'recruiting-documents';
  const now = options.now ?? Date.now;
  const objects = new Map<string, StoredObject>();
  const signer = new SignatureV4({ credentials: localCredentials, region: 'us-east-1', service: 's3', sha256: Sha256, uriEscapePath: false });

  /** The signed headers of a request, as the client saw them. */
  function signedHeaders(request: IncomingMessage, names: string[]): Record<string, string> {
    const headers: Record<string, string> = {};
    for (const name of names) {
      const value = headerValue(request, name);
      if (value === undefined) throw signatureMismatch();
      headers[name] = value;
    }
    return headers;
  }

  /** A presigned URL: the signature of its query, and not expired. */
  async function verifyPresigned(request: IncomingMessage, url: URL, path: string): Promise<void> {
    const parameter = (name: string) => url.searchParams.get(name) ?? undefined;
    if (parameter('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256') throw new S3Error(400, 'AuthorizationQueryParametersError', 'X-Amz-Algorithm only supports "AWS4-HMAC-SHA256"');
    const scope = parseCredentialScope(parameter('X-Amz-Credential'));
    const signedAt = parseAmzDate(parameter('X-Amz-Date'));
    const expiresIn = Number(parameter('X-Amz-Expires'));
    const signature = parameter('X-Amz-Signature');
    const headerNames = parameter('X-Amz-SignedHeaders')?.split(';');
    if (!scope || !signedAt || !signature || !headerNames || !Number.isInteger(expiresIn) || expiresIn < 1 || expiresIn > maxPresignedSeconds) {
      throw new S3Error(400, 'AuthorizationQueryParametersError', 'Query-string authentication version 4 requires the X-Amz-Algorithm, X-Amz-Credential, X-Amz-Signature, X-Amz-Date, X-Amz-SignedHeaders, and X-Amz-Expires parameters.');
    }
    if (scope.accessKeyId !== localCredentials.accessKeyId) throw new S3Error(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
    if (signedAt.getTime() + expiresIn * 1000 < now()) throw new S3Error(403, 'AccessDenied', 'Request has expired');
    if (signedAt.getTime() - now() > maxClockSkewMs) throw new S3Error(403, 'AccessDenied', 'Request is not valid yet');

    // Re-sign the same request: the query without its signature, the signed headers, and the payload
    // hash the URL declares (S3 presigned URLs sign UNSIGNED-PAYLOAD).
    const query = queryOf(url, ['X-Amz-Signature', 'X-Amz-Content-Sha256']);
    const declaredHash = parameter('X-Amz-Content-Sha256');
    const headers = { ...signedHeaders(request, headerNames), ...(declaredHash ? { 'X-Amz-Content-Sha256': declaredHash } : { 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' }) };
    const unhoisted = declaredHash ? new Set<string>() : new Set(['x-amz-content-sha256']);
    const resigned = await signer.presign(
      { method: request.method ?? 'GET', protocol: 'http:', hostname: '127.0.0.1', path, query, headers },
      { signingDate: signedAt, expiresIn, signingRegion: scope.region, signingService: scope.service, unhoistableHeaders: unhoisted, unsignableHeaders: unhoisted },
    );
    const expected = resigned.query ?? {};
    if (expected['X-Amz-SignedHeaders'] !== headerNames.join(';') || !sameSignature(String(expected['X-Amz-Signature']), signature)) throw signatureMismatch();
  }

  /** A header-signed request (`Authorization: AWS4-HMAC-SHA256 ...`): its signature, its clock, its payload hash. */
  async function verifyHeaderSigned(request: IncomingMessage, url: URL, path: string, body: Buffer): Promise<void> {
    const authorization = headerValue(request, 'authorization') ?? '';
    const match = /^AWS4-HMAC-SHA256 Credential=([^,\s]+),\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]{64})$/.exec(authorization);
    const scope = parseCredentialScope(match?.[1]);
    const signedAt = parseAmzDate(headerValue(request, 'x-amz-date'));
    if (!match || !scope || !signedAt) throw new S3Error(400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed.');
    if (scope.accessKeyId !== localCredentials.accessKeyId) throw new S3Error(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
    if (Math.abs(signedAt.getTime() - now()) > maxClockSkewMs) throw new S3Error(403, 'RequestTimeTooSkewed', 'The difference between the request time and the current time is too large.');
    const headerNames = (match[2] as string).split(';');
    const payloadHash = headerValue(request, 'x-amz-content-sha256');
    if (!payloadHash) throw new S3Error(400, 'InvalidRequest', 'Missing required header for this request: x-amz-content-sha256');
    if (payloadHash.startsWith('STREAMING-')) throw new S3Error(400, 'InvalidRequest', 'The local store takes whole bodies, not chunked (aws-chunked) uploads');

    const resigned = await signer.sign(
      { method: request.method ?? 'GET', protocol: 'http:', hostname: '127.0.0.1', path, query: queryOf(url), headers: signedHeaders(request, headerNames) },
      { signingDate: signedAt, signingRegion: scope.region, signingService: scope.service },
    );
    const expected = /SignedHeaders=([^,\s]+), Signature=([0-9a-f]{64})$/.exec(String(resigned.headers.authorization));
    if (expected?.[1] !== match[2] || !sameSignature(expected?.[2] ?? '', match[3] as string)) throw signatureMismatch();
    if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== createHash('sha256').update(body).digest('hex')) {
      throw new S3Error(400, 'XAmzContentSHA256Mismatch', "The provided 'x-amz-content-sha256' header does not match what was computed.");
    }
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = await readBody(request, largestObjectBytes);
    if (!body) throw new S3Error(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size');
    const url = new URL(request.url ?? '/', 'http://localhost');
    const path = (request.url ?? '/').split('?')[0] as string;
    const [, bucketSegment = '', ...keySegments] = path.split('/');
    const key = decodeURIComponent(keySegments.join('/'));

    if (url.searchParams.has('X-Amz-Signature') || url.searchParams.has('X-Amz-Algorithm')) await verifyPresigned(request, url, path);
    else if (request.headers.authorization) await verifyHeaderSigned(request, url, path, body);
    else throw new S3Error(403, 'AccessDenied', 'Access Denied');

    if (decodeURIComponent(bucketSegment) !== bucket) throw new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist');
    if (!key) throw new S3Error(405, 'MethodNotAllowed', 'The local store serves objects only');

    switch (request.method) {
      case 'PUT': {
        const etag = `"${createHash('md5').update(body).digest('hex')}"`;
        const checksums = Object.fromEntries(Object.entries(request.headers).filter(([name]) => name.startsWith('x-amz-checksum-')).map(([name, value]) => [name, String(value)]));
        objects.set(key, { body, contentType: headerValue(request, 'content-type') ?? 'binary/octet-stream', etag, lastModified: new Date(now()), checksums });
        response.writeHead(200, { etag, 'x-amz-request-id': randomUUID() }).end();
        return;
      }
      case 'GET':
      case 'HEAD': {
        const stored = objects.get(key);
        if (!stored) throw new S3Error(404, 'NoSuchKey', 'The specified key does not exist.');
        const headers: Record<string, string> = {
          'content-type': url.searchParams.get('response-content-type') ?? stored.contentType,
          'content-length': String(stored.body.length),
          etag: stored.etag,
          'last-modified': stored.lastModified.toUTCString(),
          'accept-ranges': 'bytes',
          'x-amz-server-side-encryption': 'AES256',
          'x-amz-request-id': randomUUID(),
        };
        const disposition = url.searchParams.get('response-content-disposition');
        if (disposition) headers['content-disposition'] = disposition;
        const checksumMode = headerValue(request, 'x-amz-checksum-mode') ?? url.searchParams.get('x-amz-checksum-mode');
        if (checksumMode === 'ENABLED') Object.assign(headers, stored.checksums);
        response.writeHead(200, headers).end(request.method === 'HEAD' ? undefined : stored.body);
        return;
      }
      case 'DELETE':
        objects.delete(key);
        response.writeHead(204, { 'x-amz-request-id': randomUUID() }).end();
        return;
      default:
        throw new S3Error(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
    }
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      const s3Error = error instanceof S3Error ? error : new S3Error(500, 'InternalError', 'We encountered an internal error. Please try again.');
      if (response.headersSent) {
        response.destroy();
        return;
      }
      const requestId = randomUUID();
      const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${s3Error.code}</Code><Message>${xmlEscape(s3Error.message)}</Message><RequestId>${requestId}</RequestId></Error>`;
      response.writeHead(s3Error.status, { 'content-type': 'application/xml', 'x-amz-request-id': requestId });
      response.end(request.method === 'HEAD' ? undefined : xml);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://${options.host ?? '127.0.0.1'}:${port}`,
    bucket,
    keys: () => [...objects.keys()].sort(),
    close: () => closeServer(server),
  };
}

