// Where every benchmark records its latest figures (test/bench/results/<name>.json, small summaries
// committed with the code) and the machine they were measured on.
import { readFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './common.mjs';

export const RESULTS_DIR = join(ROOT, 'test/bench/results');

/** Cores, CPU model, memory, Node and the load averages right now (the machine may be shared). */
export function machine() {
  let cpuModel = 'unknown';
  try {
    cpuModel = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1]?.trim() ?? cpuModel;
  } catch {
    // not Linux
  }
  return {
    cores: availableParallelism(),
    cpuModel,
    memoryGb: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    load: loadNow(),
  };
}

/** The load averages over 1, 5 and 15 minutes, rounded: how busy the machine was. */
export function loadNow() {
  return loadavg().map((l) => Math.round(l * 100) / 100);
}

/** Writes `figures` as test/bench/results/<name>.json, with the date and the machine; answers the path. */
export function writeResult(name, figures, { loadBefore } = {}) {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = join(RESULTS_DIR, `${name}.json`);
  const { load, ...host } = machine();
  const record = {
    benchmark: name,
    measuredAt: new Date().toISOString(),
    machine: { ...host, loadBefore: loadBefore ?? null, loadAfter: load },
    ...figures,
  };
  writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
  return file;
}
