import { RemovalPolicy } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';

/**
 * The private bucket of person documents: each uploaded file at `<teamId>/<personId>/<documentId>`
 * and its extracted text beside it (`<key>.txt`). Clients never reach it directly: they download
 * through presigned `GetObject` URLs that the functions sign with their own role.
 *
 * Defaults, all deliberate for a bucket that holds candidates' files:
 * - every kind of public access blocked, object ownership enforced (no ACLs);
 * - S3-managed encryption (SSE-S3), so the functions need no KMS permission;
 * - a bucket policy denying any request not made over TLS;
 * - removal policy RETAIN: deleting the stack leaves the bucket and its files behind.
 *
 * @example const documents = new DocumentsBucket(this, 'Documents');
 */
export class DocumentsBucket extends s3.Bucket {
  constructor(scope: Construct, id: string) {
    super(scope, id, {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
  }
}
