import { parentPort } from 'node:worker_threads';
import { type RenderJob, runRenderJob } from './certificate-render-job.js';

// Drawing a certificate is CPU work (shaping, subsetting, compressing): in this thread the server keeps answering meanwhile.
parentPort!.on('message', async ({ id, job }: { id: number; job: RenderJob }) => {
  try {
    const result = await runRenderJob(job);
    parentPort!.postMessage({ id, result });
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
