import type { CertificateLetter } from '@svp/domain';
import { type CertificateDocument, type RenderedCertificates, renderCertificates } from './certificate-pdf.js';

/** What a worker draws: letters and the document's facts, with the font directory. */
export interface RenderJob {
  letters: CertificateLetter[];
  meta: CertificateDocument;
  fontDirectory: string;
  /** Add a page for the organisers listing the pages that could not be drawn as typed (administrators' downloads). */
  notes: boolean;
}

/** Draws a job; the same in a worker thread and inline. */
export function runRenderJob(job: RenderJob): Promise<RenderedCertificates> {
  return renderCertificates(job.letters, job.meta, job.fontDirectory, { notes: job.notes });
}
