import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { type BuildJob, type BuildOutput, type Progress, computeBuild } from './build-compute.js';

/**
 * Runs a build in a worker thread when the compiled worker is there (a built server), so requests
 * keep being answered meanwhile; inline otherwise (the test runner compiles sources on the fly). An
 * aborted `signal` ends the worker at once and rejects with the signal's reason; inline, the build
 * runs to its end and the caller checks the signal after.
 */
export function runBuildJob(job: BuildJob, progress: Progress, signal?: AbortSignal): Promise<BuildOutput> {
  const file = fileURLToPath(new URL('./build.worker.js', import.meta.url));
  if (!existsSync(file)) return computeBuild(job, progress);
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const worker = new Worker(file, { workerData: job });
    const stop = () => {
      reject(signal!.reason);
      void worker.terminate();
    };
    signal?.addEventListener('abort', stop, { once: true });
    worker.on('message', (message: { progress?: number; output?: BuildOutput }) => {
      if (message.output) resolve(message.output);
      else if (message.progress !== undefined) progress(message.progress);
    });
    worker.on('error', reject);
    worker.on('exit', (code) => {
      signal?.removeEventListener('abort', stop);
      if (code !== 0) reject(new Error(`The build stopped (worker exit ${code}).`));
    });
  });
}
