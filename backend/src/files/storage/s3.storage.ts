import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { AppConfig } from '../../config/app.config.js';
import { ProofStorage } from './proof-storage.js';

/** An S3 bucket: clients PUT to a presigned staging key; proofs are kept as proofs/{svid}.{ext}. */
export class S3ProofStorage extends ProofStorage {
  readonly direct = true;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(s3: AppConfig['s3']) {
    super();
    this.bucket = s3.bucket!;
    this.client = new S3Client({
      region: s3.region ?? 'us-east-1',
      // Otherwise the SDK signs a checksum of the empty body into presigned PUT URLs, which S3 then holds the upload to.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      ...(s3.endpoint ? { endpoint: s3.endpoint, forcePathStyle: true } : {}),
      ...(s3.accessKeyId && s3.secretAccessKey
        ? { credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } }
        : {}),
    });
  }

  /** Content-Length is signed into the URL: S3 refuses a PUT of any other length. */
  async uploadUrl(ticket: { id: string; fileType: string; expiresInSeconds: number; contentLength: number | null }): Promise<string> {
    if (ticket.contentLength === null) throw new Error('An S3 upload URL needs the size of the file it takes');
    const command = new PutObjectCommand({
      Bucket: this.bucket,
      Key: this.stagingKey(ticket.id),
      ContentType: ticket.fileType,
      ContentLength: ticket.contentLength,
    });
    return getSignedUrl(this.client, command, { expiresIn: ticket.expiresInSeconds });
  }

  async stagedSize(ticketId: string): Promise<number | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.stagingKey(ticketId) }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async readStaged(ticketId: string, maxBytes: number): Promise<Buffer | null> {
    return this.get(this.stagingKey(ticketId), maxBytes);
  }

  async removeStaged(ticketId: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.stagingKey(ticketId) }));
  }

  async write(key: string, bytes: Buffer, contentType: string): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: `proofs/${key}`, Body: bytes, ContentType: contentType }));
  }

  async read(key: string): Promise<Buffer | null> {
    return this.get(`proofs/${key}`);
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: `proofs/${key}` }));
  }

  private stagingKey(ticketId: string): string {
    return `staging/${ticketId}`;
  }

  /** The object's bytes, streamed; with `maxBytes`, null as soon as it turns out longer (the rest is never read). */
  private async get(key: string, maxBytes = Infinity): Promise<Buffer | null> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if ((object.ContentLength ?? 0) > maxBytes) {
        (object.Body as Readable | undefined)?.destroy?.();
        return null;
      }
      const chunks: Buffer[] = [];
      let length = 0;
      for await (const chunk of object.Body as Readable) {
        length += (chunk as Buffer).length;
        if (length > maxBytes) {
          (object.Body as Readable).destroy();
          return null;
        }
        chunks.push(chunk as Buffer);
      }
      return Buffer.concat(chunks, length);
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }
}

function isMissing(error: unknown): boolean {
  const name = (error as { name?: string }).name;
  return error instanceof NoSuchKey || error instanceof NotFound || name === 'NoSuchKey' || name === 'NotFound';
}
