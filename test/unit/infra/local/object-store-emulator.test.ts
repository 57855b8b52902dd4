import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, NoSuchKey, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { localCredentials, startObjectStoreEmulator } from '../../../../infra/local/object-store-emulator';
import type { ObjectStoreEmulator } from '../../../../infra/local/object-store-emulator';

let store: ObjectStoreEmulator;
let clock = Date.now();
const client = (credentials: { accessKeyId: string; secretAccessKey: string } = localCredentials) =>
  new S3Client({ endpoint: store.endpoint, forcePathStyle: true, region: 'us-east-1', credentials, maxAttempts: 1 });

beforeAll(async () => {
  store = await startObjectStoreEmulator({ bucket: 'test-bucket', now: () => clock });
});
afterAll(async () => store.close());
beforeEach(() => {
  clock = Date.now();
});

/** The S3 error code a command fails with. */
async function failure(promise: Promise<unknown>): Promise<{ code: string; status: number | undefined }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof S3ServiceException) return { code: error.name, status: error.$metadata.httpStatusCode };
    throw error;
  }
  throw new Error('expected the command to fail');
}

describe('Local: object store emulator', () => {
  it('stores, serves, describes and deletes objects for SDK requests signed with the local credentials', async () => {
    const s3 = client();
    const body = Buffer.from([0, 1, 2, 250, 251, 252]);
    await s3.send(new PutObjectCommand({ Bucket: 'test-bucket', Key: 'team/person/doc id', Body: body, ContentType: 'application/octet-stream' }));
    expect(store.keys()).toContain('team/person/doc id');

    const got = await s3.send(new GetObjectCommand({ Bucket: 'test-bucket', Key: 'team/person/doc id' }));
    expect(Buffer.from(await got.Body!.transformToByteArray()).equals(body)).toBe(true);
    expect(got.ContentType).toBe('application/octet-stream');
    const head = await s3.send(new HeadObjectCommand({ Bucket: 'test-bucket', Key: 'team/person/doc id' }));
    expect(head.ContentLength).toBe(body.length);

    await s3.send(new DeleteObjectCommand({ Bucket: 'test-bucket', Key: 'team/person/doc id' }));
    await expect(s3.send(new GetObjectCommand({ Bucket: 'test-bucket', Key: 'team/person/doc id' }))).rejects.toBeInstanceOf(NoSuchKey);
    // Deleting what is not there succeeds, as in S3.
    await s3.send(new DeleteObjectCommand({ Bucket: 'test-bucket', Key: 'team/person/doc id' }));
    s3.destroy();
  });

  it('refuses header-signed requests made with another secret or access key, and another bucket', async () => {
    const wrongSecret = client({ accessKeyId: 'local', secretAccessKey: 'not-local' });
    expect(await failure(wrongSecret.send(new PutObjectCommand({ Bucket: 'test-bucket', Key: 'k', Body: 'x' })))).toEqual({ code: 'SignatureDoesNotMatch', status: 403 });
    expect(await failure(wrongSecret.send(new GetObjectCommand({ Bucket: 'test-bucket', Key: 'k' })))).toEqual({ code: 'SignatureDoesNotMatch', status: 403 });
    const wrongKey = client({ accessKeyId: 'someone', secretAccessKey: 'local' });
    expect(await failure(wrongKey.send(new GetObjectCommand({ Bucket: 'test-bucket', Key: 'k' })))).toEqual({ code: 'InvalidAccessKeyId', status: 403 });
    expect(store.keys()).not.toContain('k');
    const s3 = client();
    expect(await failure(s3.send(new PutObjectCommand({ Bucket: 'other-bucket', Key: 'k', Body: 'x' })))).toEqual({ code: 'NoSuchBucket', status: 404 });
    wrongSecret.destroy();
    wrongKey.destroy();
    s3.destroy();
  });

  it('refuses unsigned requests with 403 AccessDenied', async () => {
    const s3 = client();
    await s3.send(new PutObjectCommand({ Bucket: 'test-bucket', Key: 'public?', Body: 'secret' }));
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const response = await fetch(`${store.endpoint}/test-bucket/public%3F`, { method, ...(method === 'PUT' ? { body: 'overwritten' } : {}) });
      expect(response.status, method).toBe(403);
      expect(await response.text(), method).toContain('<Code>AccessDenied</Code>');
    }
    const still = await s3.send(new GetObjectCommand({ Bucket: 'test-bucket', Key: 'public?' }));
    expect(await still.Body!.transformToString()).toBe('secret');
    s3.destroy();
  });

  it('serves a presigned URL until X-Amz-Date + X-Amz-Expires, then refuses it as expired', async () => {
    const s3 = client();
    await s3.send(new PutObjectCommand({ Bucket: 'test-bucket', Key: 'cv.pdf', Body: '%PDF', ContentType: 'application/pdf' }));
    const url = await getSignedUrl(s3, new GetObjectCommand({ Bucket: 'test-bucket', Key: 'cv.pdf', ResponseContentDisposition: 'attachment; filename="cv.pdf"' }), { expiresIn: 60 });
    const fresh = await fetch(url);
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('content-type')).toBe('application/pdf');
    expect(fresh.headers.get('content-disposition')).toBe('attachment; filename="cv.pdf"');
    expect(await fresh.text()).toBe('%PDF');

    clock += 59_000;
    expect((await fetch(url)).status).toBe(200);
    clock += 3_000;
    const expired = await fetch(url);
    expect(expired.status).toBe(403);
    expect(await expired.text()).toContain('<Message>Request has expired</Message>');
    s3.destroy();
  });

  it('refuses a presigned URL whose query, path or expiry was changed, or that was signed with another secret', async () => {
    const s3 = client();
    await s3.send(new PutObjectCommand({ Bucket: 'test-bucket', Key: 'a', Body: 'A' }));
    await s3.send(new PutObjectCommand({ Bucket: 'test-bucket', Key: 'b', Body: 'B' }));
    const url = new URL(await getSignedUrl(s3, new GetObjectCommand({ Bucket: 'test-bucket', Key: 'a' }), { expiresIn: 60 }));
    const variants = {
      path: Object.assign(new URL(url), { pathname: '/test-bucket/b' }),
      expiry: new URL(url),
      extra: new URL(url),
    };
    variants.expiry.searchParams.set('X-Amz-Expires', '3600');
    variants.extra.searchParams.set('response-content-type', 'text/html');
    for (const [name, variant] of Object.entries(variants)) {
      const response = await fetch(variant);
      expect(response.status, name).toBe(403);
      expect(await response.text(), name).toContain('<Code>SignatureDoesNotMatch</Code>');
    }
    const forger = client({ accessKeyId: 'local', secretAccessKey: 'guess' });
    const forged = await getSignedUrl(forger, new GetObjectCommand({ Bucket: 'test-bucket', Key: 'a' }), { expiresIn: 60 });
    expect((await fetch(forged)).status).toBe(403);
    expect((await fetch(url)).status).toBe(200);
    s3.destroy();
    forger.destroy();
  });
});
