import { parentPort, workerData } from 'node:worker_threads';
import { type BuildJob, computeBuild } from './build-compute.js';

// A build is seconds of CPU: in its own thread, the server keeps answering meanwhile.
const output = await computeBuild(workerData as BuildJob, (progress) => parentPort!.postMessage({ progress }));
parentPort!.postMessage({ output });
