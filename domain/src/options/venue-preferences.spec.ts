import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { VolunteerPreferenceRow } from '../contract/builder.js';
import { FORM_VENUE_PREFERENCES, VENUE_PREFERENCES, venuePreferenceLabel } from './lists.js';

/**
 * The venue preferences are one list, options/lists.ts: the applicant app's tabs and boxes, the admin
 * panel's confirmation tab and venue pages, the backend's preferences overview and the builder read
 * it. These tests fail on a second copy in any app's code, and on a label spelt another way anywhere.
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const THE_LIST = 'domain/src/options/lists.ts';
const APPS = ['applicant-ui/src', 'admin-ui/src', 'backend/src', 'domain/src'];
const TEST_FILE = /\.(spec|test|e2e)\.tsx?$|[Ff]ixtures?\.tsx?$|\/testing(\.tsx?|\/)/;

function files(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : files(path);
    return /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

const every = APPS.flatMap((app) => files(join(ROOT, app))).map((path) => ({
  file: relative(ROOT, path),
  text: readFileSync(path, 'utf8'),
}));
const code = every.filter(({ file }) => file !== THE_LIST && !TEST_FILE.test(file));

/** Where each pattern occurs, as 'file: match'. */
const found = (sources: readonly { file: string; text: string }[], pattern: RegExp) =>
  sources.flatMap(({ file, text }) => [...text.matchAll(pattern)].map((match) => `${file}: ${match[0]}`));

describe('the venue preferences, one list', () => {
  it('name the pavilion as the product does, Immersive Pavilion (the form’s field keeps its first spelling)', () => {
    expect(venuePreferenceLabel('pavillion')).toBe('Immersive Pavilion');
    expect(readFileSync(join(ROOT, 'docs/product.md'), 'utf8')).toMatch(/immersive\s+pavilion/i);
  });

  it('ask on the form only about preferences of the list, each with its label', () => {
    const values = VENUE_PREFERENCES.map((option) => option.value);
    expect(FORM_VENUE_PREFERENCES.every((key) => values.includes(key))).toBe(true);
    expect(FORM_VENUE_PREFERENCES.map(venuePreferenceLabel)).toEqual(['Art Gallery', 'Labs', 'Immersive Pavilion']);
  });

  it('are what the preferences overview answers with', () => {
    const answered = VolunteerPreferenceRow.properties.venuePreferences.items as unknown as { enum: readonly string[] };
    expect(answered.enum).toEqual([...FORM_VENUE_PREFERENCES]);
  });

  it('are spelt one way in every app, tests included', () => {
    const spellings = found(every, /Immersive Pavill?ion/gi).filter((where) => !where.endsWith(': Immersive Pavilion'));
    expect(spellings).toEqual([]);
  });

  it('are written out nowhere else: no app lists the form’s preferences or writes a label of its own', () => {
    const lists = found(
      code.filter(({ file }) => !file.startsWith('domain/src/contract/')),
      /['"]artGallery['"],\s*['"]labs['"]/g,
    );
    const labels = VENUE_PREFERENCES.filter((option) => option.value !== 'none').map((option) => option.label);
    const written = found(code, new RegExp(`(${labels.join('|')}) (shifts|preference)\\b`, 'g'));
    expect([...lists, ...written]).toEqual([]);
  });
});
