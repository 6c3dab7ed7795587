import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, extname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';

/**
 * The project explains itself (docs/contributing.md, 'Comments and references'): a comment, a test's
 * name, the README or a page of docs/ points into the repository (docs/*.md and a heading there), or
 * says the rule itself. This suite fails, listing each place, on a reference to a document the
 * repository does not hold, and on a path, a link or a `docs/x.md, 'Heading'` pointer that leads nowhere.
 */

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', '.git', 'artifacts', 'coverage', 'generated']);
const SKIPPED_FILES = new Set(['package-lock.json']);
const TEXT_EXTENSIONS = new Set([
  '.ts',
  '.tsx',
  '.mts',
  '.cts',
  '.js',
  '.mjs',
  '.cjs',
  '.json',
  '.md',
  '.yml',
  '.yaml',
  '.html',
  '.css',
  '.cfg',
  '.sh',
]);
const TEXT_NAMES = new Set(['Dockerfile', 'run', '.gitignore', '.dockerignore', '.editorconfig']);
const THIS_FILE = relative(ROOT, fileURLToPath(import.meta.url));

const ISSUE = 'an issue number (the tracker is not in the repository)';

/** What a reference must not be: a document outside the repository, by its name or its numbering. */
const FORBIDDEN: Array<{ what: string; pattern: RegExp }> = [
  { what: 'a brief kept outside the repository', pattern: /\b(?:DESIGN|TOOLCHAIN|STYLE)\.md\b/ },
  { what: 'a section of the product requirements, which are not in the repository', pattern: /\b(?:applicant|operations)-area\b/ },
  { what: 'a numbered section of a document outside the repository', pattern: /\u00a7/ },
  { what: ISSUE, pattern: /\bissues?\s*#\d+/i },
  // '(#22)', ', #24)' or ' #23:'; not a colour (#000), an entity (&#39;) or the builder's 'Build #3'.
  { what: ISSUE, pattern: /(?<!\bbuild )(?<![\w&^'"`/#])#\d{1,2}\b(?![\w-])/i },
  // "the spec's words", "the specification"; not a test's spec file (x.spec.ts, "the spec files").
  {
    what: 'the product specification, which is not in the repository',
    pattern: /\bspec(?:'|\u2019)s\b|\b(?:the|its|product) spec(?:ification)?\b(?![.\w]*\.ts)(?!\s+files?\b)/i,
  },
];

/** `docs/x.md`, `docs/x.md#anchor`, and `docs/x.md, 'Heading'` (any quotes) as comments name a place in the documents. */
const DOCS_POINTER = /\bdocs\/([\w.-]+\.md)(#[\w-]+)?(?:,\s*(?:'([^']+)'|"([^"]+)"|\u2018([^\u2019]+)\u2019|\u201c([^\u201d]+)\u201d))?/g;
/** A path from the repository's root, as comments and documents name files: `backend/src/main.ts`, `test/e2e/`. */
const REPOSITORY_PATH = /(?<![\w./@-])((?:backend|domain|applicant-ui|admin-ui|test|scripts|docker|docs)\/[\w./-]*\w)(?![\w*{<])/g;
/** Made by a build or a run, not kept in the repository. */
const GENERATED_PATH = /(?:^|\/)(?:dist|artifacts|node_modules|generated)(?:\/|$)/;

/** An inline Markdown link: [text](target) or [text](<target> "title"). */
const MARKDOWN_LINK = /\[[^\]]*\]\(<?([^)\s>]+)>?(?:\s+"[^"]*")?\)/g;

function textFiles(folder: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name)) found.push(...textFiles(path));
    } else if (entry.isFile() && !SKIPPED_FILES.has(entry.name)) {
      if (TEXT_EXTENSIONS.has(extname(entry.name)) || TEXT_NAMES.has(entry.name)) found.push(path);
    }
  }
  return found;
}

/** A heading's text as a reader quotes it: no inline code marks, no leading '(a)' label, case folded. */
function headingText(heading: string): string {
  return heading
    .replace(/`/g, '')
    .replace(/^\([a-z]\)\s+/i, '')
    .trim()
    .toLowerCase();
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .replace(/`/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The lines of a Markdown file outside fenced code blocks, with their numbers. */
function proseLines(text: string): Array<{ line: string; number: number }> {
  const lines: Array<{ line: string; number: number }> = [];
  let fenced = false;
  text.split('\n').forEach((line, i) => {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    else if (!fenced) lines.push({ line, number: i + 1 });
  });
  return lines;
}

const headingsOf = new Map<string, { texts: Set<string>; anchors: Set<string> }>();
function headings(file: string) {
  let known = headingsOf.get(file);
  if (!known) {
    known = { texts: new Set(), anchors: new Set() };
    const seen = new Map<string, number>();
    for (const { line } of proseLines(readFileSync(file, 'utf8'))) {
      const heading = /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line)?.[1];
      if (!heading) continue;
      known.texts.add(headingText(heading));
      const base = slug(heading);
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      known.anchors.add(n === 0 ? base : `${base}-${n}`);
    }
    headingsOf.set(file, known);
  }
  return known;
}

/** Whether a path named from the root is there; `x.js` also names its source, `x.ts` or `x.tsx`. */
function pathExists(path: string): boolean {
  const candidates = [path, path.replace(/\.js$/, '.ts'), path.replace(/\.js$/, '.tsx')];
  return candidates.some((candidate) => existsSync(join(ROOT, candidate)));
}

/** Why `target` (a path relative to `from`'s folder, maybe with '#anchor') leads nowhere, or null. */
function brokenTarget(from: string, target: string): string | null {
  const [path, anchor] = target.split('#', 2) as [string, string | undefined];
  const file = path === '' ? from : resolve(dirname(from), decodeURIComponent(path));
  if (!existsSync(file)) return `no file ${relative(ROOT, file)}`;
  if (anchor === undefined || anchor === '') return null;
  const name = relative(ROOT, file);
  if (statSync(file).isDirectory() || extname(file) !== '.md') return `an anchor in ${name}, which has no headings`;
  return headings(file).anchors.has(anchor.toLowerCase()) ? null : `no heading #${anchor} in ${name}`;
}

function findingsIn(file: string): string[] {
  const name = relative(ROOT, file);
  if (name === THIS_FILE) return [];
  const text = readFileSync(file, 'utf8');
  const findings: string[] = [];
  const report = (number: number, why: string, line: string) => {
    findings.push(`${name}:${number}: ${why}: ${line.trim().slice(0, 160)}`);
  };

  text.split('\n').forEach((line, i) => {
    const whys = new Set(FORBIDDEN.filter(({ pattern }) => pattern.test(line)).map(({ what }) => what));
    if (whys.size > 0) report(i + 1, [...whys].join('; '), line);
    // docs/ paths are pointers, checked below with their anchor or heading.
    for (const [, path] of line.matchAll(REPOSITORY_PATH)) {
      if (GENERATED_PATH.test(path!) || path!.startsWith('docs/') || pathExists(path!)) continue;
      report(i + 1, `a path that does not exist, ${path}`, line);
    }
    for (const match of line.matchAll(DOCS_POINTER)) {
      const [, doc, anchor, ...quotes] = match;
      const quoted = quotes.find((q) => q !== undefined);
      const broken = brokenTarget(join(ROOT, 'README.md'), `docs/${doc}${anchor ?? ''}`);
      if (broken) report(i + 1, `a pointer to ${broken}`, line);
      else if (quoted && !headings(join(ROOT, 'docs', doc!)).texts.has(headingText(quoted))) {
        report(i + 1, `a pointer to no heading '${quoted}' in docs/${doc}`, line);
      }
    }
  });

  if (extname(file) === '.md') {
    for (const { line, number } of proseLines(text)) {
      for (const match of line.replace(/`[^`]*`/g, '').matchAll(MARKDOWN_LINK)) {
        const target = match[1]!;
        if (/^[a-z][a-z+.-]*:/i.test(target)) continue; // https:, mailto:
        const broken = brokenTarget(file, target);
        if (broken) report(number, `a link to ${broken}`, line);
      }
    }
  }
  return findings;
}

describe('references in comments, tests and documents', () => {
  const files = textFiles(ROOT);

  it('reads the whole tree, the documents included', () => {
    const names = files.map((f) => relative(ROOT, f));
    const expected = ['README.md', 'docs/architecture.md', 'docs/decisions.md', 'docs/product.md', 'backend/src/main.ts', THIS_FILE];
    expect(names).toEqual(expect.arrayContaining(expected));
    expect(names.some((n) => n.includes('node_modules') || basename(n) === 'package-lock.json')).toBe(false);
  });

  it('point into the repository, and every link and docs/ pointer resolves', () => {
    expect(files.flatMap(findingsIn)).toEqual([]);
  });
});
