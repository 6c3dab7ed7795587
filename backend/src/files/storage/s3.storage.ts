import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
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
      ...(s3.endpoint ? { endpoint: s3.endpoint, forcePathStyle: true } : {}),
      ...(s3.accessKeyId && s3.secretAccessKey ? { credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } } : {}),
    });
  }

  async uploadUrl(ticket: { id: string; fileType: string; expiresInSeconds: number }): Promise<string> {
    const command = new PutObjectCommand({ Bucket: this.bucket, Key: this.stagingKey(ticket.id), ContentType: ticket.fileType });
    return getSignedUrl(this.client, command, { expiresIn: ticket.expiresInSeconds });
  }

  async readStaged(ticketId: string): Promise<Buffer | null> {
    return this.get(this.stagingKey(ticketId));
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

  private async get(key: string): Promise<Buffer | null> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return Buffer.from(await object.Body!.transformToByteArray());
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
      throw error;
    }
  }
}
