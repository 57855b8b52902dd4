import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { config } from '../config/env';

/**
 * The documents bucket, the same code path in AWS and locally: in AWS the client uses the
 * function's role and the bucket CDK created; with `S3_ENDPOINT` it talks path-style to a local
 * S3-compatible store (the emulator `npm start` runs) with the same placeholder credentials as the
 * local DynamoDB engine. Download links are SigV4 presigned `GetObject` URLs either way.
 */

let client: S3Client | undefined;

/** The container's S3 client, created on first use and reused by every invocation. */
function s3(): S3Client {
  if (!client) {
    const { S3_ENDPOINT, AWS_REGION } = config();
    client = new S3Client(
      S3_ENDPOINT
        ? { endpoint: S3_ENDPOINT, forcePathStyle: true, region: AWS_REGION, credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, maxAttempts: 2 }
        : { region: AWS_REGION },
    );
  }
  return client;
}

/** Drops the cached client (the local server switches stores). */
export function resetObjectStore(): void {
  client?.destroy();
  client = undefined;
}

/**
 * `PutObject` of a whole object (the bucket encrypts it at rest).
 * @example await putObject('team/person/doc', bytes, 'application/pdf')
 */
export async function putObject(key: string, body: Uint8Array | string, contentType: string): Promise<void> {
  await s3().send(new PutObjectCommand({ Bucket: config().DOCUMENTS_BUCKET, Key: key, Body: body, ContentType: contentType }));
}

/** `GetObject` of an object as UTF-8 text; `undefined` when there is no such object. */
export async function readObjectText(key: string): Promise<string | undefined> {
  try {
    const { Body } = await s3().send(new GetObjectCommand({ Bucket: config().DOCUMENTS_BUCKET, Key: key }));
    return Body ? await Body.transformToString('utf-8') : '';
  } catch (error) {
    if (error instanceof NoSuchKey) return undefined;
    throw error;
  }
}

/** `DeleteObject` of each key, in parallel (a missing object is not an error, as in S3). */
export async function deleteObjects(keys: string[]): Promise<void> {
  const bucket = config().DOCUMENTS_BUCKET;
  await Promise.all(keys.map((key) => s3().send(new DeleteObjectCommand({ Bucket: bucket, Key: key }))));
}

/**
 * A presigned `GetObject` URL valid for `DOCUMENT_LINK_TTL_SECONDS`, answering the file as an
 * attachment named `fileName`. Signing is local computation (no request is made).
 */
export async function signedDownloadLink(key: string, fileName: string): Promise<string> {
  const command = new GetObjectCommand({ Bucket: config().DOCUMENTS_BUCKET, Key: key, ResponseContentDisposition: attachmentDisposition(fileName) });
  return getSignedUrl(s3(), command, { expiresIn: config().DOCUMENT_LINK_TTL_SECONDS });
}

/** `attachment` with an ASCII fallback name and the exact name in RFC 5987 form. */
function attachmentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const exact = encodeURIComponent(fileName).replace(/['()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${exact}`;
}
