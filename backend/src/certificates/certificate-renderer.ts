import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { CertificateLetter } from '@svp/domain';
import { APP_CONFIG, type AppConfig } from '../config/app.config.js';
import type { CertificateDocument, RenderedCertificates } from './certificate-pdf.js';
import { type RenderJob, runRenderJob } from './certificate-render-job.js';

/** The drawn certificates kept in memory, at most this many bytes of PDF. */
const CACHE_BYTES = 64 * 1024 * 1024;
/** A worker idle this long ends, giving back the fonts it loaded (the CJK collection alone is 20 MB). */
const WORKER_IDLE_MS = 5 * 60_000;

interface Pending {
  resolve(result: RenderedCertificates): void;
  reject(error: Error): void;
}

/**
 * Draws certificates off the main thread and keeps what it drew.
 *
 * - **A worker thread** (in a built server; inline when the compiled worker is absent, as under the
 *   test runner): a batch is seconds of CPU, which must not hold up every other request.
 * - **Kept by what the PDF says**: the key is a hash of every word of every letter (name, SV ID,
 *   hours, edition, days, issue day), the title, the author and the fonts, so a certificate is
 *   drawn again exactly when something it says changes, and a kept one can never be served for
 *   another text. Each server keeps its own; none can serve another's wrong, since the key is the
 *   content. The creation date inside the PDF is the first drawing's.
 * - Two requests for the same certificate at once share one drawing.
 */
@Injectable()
export class CertificateRenderer implements OnModuleDestroy {
  private readonly logger = new Logger('Certificates');
  private readonly kept = new Map<string, RenderedCertificates>();
  private keptBytes = 0;
  private readonly drawing = new Map<string, Promise<RenderedCertificates>>();
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | null = null;
  /** Documents drawn since start (not served from memory). */
  drawn = 0;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async render(letters: CertificateLetter[], meta: CertificateDocument, options: { notes: boolean }): Promise<RenderedCertificates> {
    const job: RenderJob = { letters, meta, fontDirectory: this.config.certificateFontDir, notes: options.notes };
    const key = createHash('sha256')
      .update(JSON.stringify([job.letters, meta.title, meta.author, job.fontDirectory, job.notes]))
      .digest('hex');
    const kept = this.kept.get(key);
    if (kept) {
      // Least recently used last out.
      this.kept.delete(key);
      this.kept.set(key, kept);
      return kept;
    }
    let drawing = this.drawing.get(key);
    if (!drawing) {
      drawing = this.draw(job).then((result) => {
        this.keep(key, result);
        return result;
      });
      drawing.finally(() => this.drawing.delete(key)).catch(() => undefined);
      this.drawing.set(key, drawing);
    }
    return drawing;
  }

  private keep(key: string, result: RenderedCertificates): void {
    this.kept.set(key, result);
    this.keptBytes += result.bytes.byteLength;
    for (const [oldest, value] of this.kept) {
      if (this.keptBytes <= CACHE_BYTES) break;
      this.kept.delete(oldest);
      this.keptBytes -= value.bytes.byteLength;
    }
  }

  private async draw(job: RenderJob): Promise<RenderedCertificates> {
    this.drawn += 1;
    const file = fileURLToPath(new URL('./certificate.worker.js', import.meta.url));
    if (!existsSync(file)) return runRenderJob(job);
    const worker = this.startWorker(file);
    const id = this.nextId++;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    return new Promise<RenderedCertificates>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, job });
    });
  }

  private startWorker(file: string): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(file);
    // The server may end while the worker waits for work.
    worker.unref();
    worker.on('message', (message: { id: number; result?: RenderedCertificates; error?: string }) => {
      const pending = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.result) pending?.resolve({ ...message.result, bytes: new Uint8Array(message.result.bytes) });
      else pending?.reject(new Error(`Drawing certificates failed: ${message.error}`));
      if (!this.pending.size) this.idle();
    });
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const pending of this.pending.values()) pending.reject(error);
      this.pending.clear();
    };
    worker.on('error', (error) => {
      this.logger.error(`The certificate worker failed: ${error.message}`);
      fail(error);
    });
    worker.on('exit', (code) => fail(new Error(`The certificate worker stopped (exit ${code})`)));
    this.worker = worker;
    return worker;
  }

  private idle(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      if (this.pending.size || !this.worker) return;
      const worker = this.worker;
      this.worker = null;
      void worker.terminate();
    }, WORKER_IDLE_MS);
    this.idleTimer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }
}
