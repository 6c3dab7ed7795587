import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import yaml from 'js-yaml';
import semver from 'semver';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/**
 * Node.js release lines and the day each stops getting security fixes (nodejs.org/en/about/previous-releases).
 * Odd-numbered lines are never long-term supported.
 */
const END_OF_LIFE: Record<number, string> = { 18: '2025-04-30', 20: '2026-04-30', 22: '2027-04-30', 24: '2028-04-30' };

describe('the runtime the portal is built and run on', () => {
  const images = [...read('docker/Dockerfile').matchAll(/^FROM node:(\d+)[^\s]*/gm)].map((m) => Number(m[1]));
  const engines: string = JSON.parse(read('package.json')).engines.node;

  it('builds the production image on a long-term-supported Node.js line that still gets security fixes', () => {
    expect(images.length).toBeGreaterThan(0);
    for (const major of images) {
      expect(END_OF_LIFE[major]).toBeDefined();
      const supported = Date.parse(END_OF_LIFE[major]!) > Date.now();
      expect({ image: `node:${major}`, endOfLife: END_OF_LIFE[major], supported }).toEqual({
        image: `node:${major}`,
        endOfLife: END_OF_LIFE[major],
        supported: true,
      });
    }
  });

  it("declares the image's Node.js in package.json's engines, and still admits the Node.js the tests run on", () => {
    for (const major of images) expect({ major, declared: semver.intersects(engines, `${major}.x`) }).toEqual({ major, declared: true });
    expect(semver.satisfies(process.versions.node, engines)).toBe(true);
  });

  it('composes two servers behind a balancer, on MySQL 8, with an S3-compatible store and shared counters', () => {
    const compose = yaml.load(read('docker/compose.yml')) as {
      services: Record<string, { image?: string; deploy?: { replicas?: number }; environment?: Record<string, string> }>;
    };
    const backend = compose.services.backend!;
    expect(backend.deploy?.replicas).toBeGreaterThanOrEqual(2);
    expect(compose.services.db!.image).toMatch(/^mysql:8/);
    expect(backend.environment).toMatchObject({ STORAGE: 's3', TRUST_PROXY: '1', REDIS_URL: expect.stringMatching(/^redis:\/\//) });
    expect(compose.services.balancer!.image).toMatch(/^haproxy:/);
    expect(read('docker/haproxy.cfg')).toMatch(/server-template backend \d+ backend:3000 check/);
  });
});
