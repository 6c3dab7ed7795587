import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import ts from 'typescript';

/**
 * The backend's modules depend on one another in one direction (docs/architecture.md, 'Module
 * boundaries'). A module is a top-level folder of backend/src, the files right under it are the app
 * that assembles them, and domain/ is one more. This suite reads every import with the TypeScript
 * compiler (type-only imports and re-exports count: they tie a module to another's declarations too)
 * and fails, naming the modules and the imports, on
 * - an import cycle between modules;
 * - a foundation folder (common/, database/, config/, clock/) importing a feature module.
 *
 * Specs are left out: nothing imports a spec, and an API spec reaches the whole app through testing/
 * (which starts app.module.ts), so what a spec imports says what it exercises, not what its module needs.
 */

const BACKEND_SRC = dirname(fileURLToPath(import.meta.url));
const DOMAIN_SRC = resolve(BACKEND_SRC, '../../domain/src');
const DOMAIN_PACKAGE = '@svp/domain';

/** The files right under backend/src: main.ts, app.module.ts and the rest that assemble the modules. */
const APP = '(app)';
const DOMAIN = 'domain';
/** What every module builds on: it may import itself and domain/, nothing that builds on it. */
const FOUNDATION = ['common', 'database', 'config', 'clock'];

interface SourceFile {
  /** Absolute path. */
  path: string;
  text: string;
}

/** One import of one module by another. */
interface ModuleImport {
  from: string;
  to: string;
  /** The importing file, from the repository's root. */
  file: string;
  specifier: string;
}

function sourceFiles(folder: string): SourceFile[] {
  const found: SourceFile[] = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) found.push(...sourceFiles(path));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') && !entry.name.endsWith('.d.ts')) {
      found.push({ path, text: readFileSync(path, 'utf8') });
    }
  }
  return found;
}

/** What a file imports, as written: imports and type imports, re-exports, `import()` and `require()`. */
function specifiersOf(text: string): string[] {
  return ts.preProcessFile(text, true, true).importedFiles.map((file) => file.fileName);
}

/** The module a path lies in; null outside backend/src and domain/src. */
function moduleOf(path: string): string | null {
  const inDomain = relative(DOMAIN_SRC, path);
  if (!inDomain.startsWith('..')) return DOMAIN;
  const inBackend = relative(BACKEND_SRC, path);
  if (inBackend.startsWith('..')) return null;
  const parts = inBackend.split(/[\\/]/);
  return parts.length > 1 ? parts[0]! : APP;
}

/** The module an import names; null for a package. */
function importedModule(fromPath: string, specifier: string): string | null {
  if (specifier === DOMAIN_PACKAGE || specifier.startsWith(`${DOMAIN_PACKAGE}/`)) return DOMAIN;
  if (!specifier.startsWith('.')) return null;
  return moduleOf(resolve(dirname(fromPath), specifier));
}

/**
 * Every import from one unit into another, a file's unit being `unitOf` its path (null: outside) and an
 * import's `targetOf` its specifier (null: not followed).
 */
function importsBetween(
  files: readonly SourceFile[],
  unitOf: (path: string) => string | null,
  targetOf: (fromPath: string, specifier: string) => string | null,
): ModuleImport[] {
  const root = resolve(BACKEND_SRC, '../..');
  return files.flatMap((file) => {
    const from = unitOf(file.path);
    if (from === null) return [];
    return specifiersOf(file.text).flatMap((specifier): ModuleImport[] => {
      const to = targetOf(file.path, specifier);
      return to === null || to === from ? [] : [{ from, to, file: relative(root, file.path), specifier }];
    });
  });
}

/** Every import that crosses from one module into another. */
function moduleImports(files: readonly SourceFile[]): ModuleImport[] {
  return importsBetween(files, moduleOf, importedModule);
}

/** The groups of modules that reach one another (Tarjan's strongly connected components), each sorted. */
function tangledGroups(next: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (module: string) => {
    index.set(module, index.size);
    low.set(module, index.get(module)!);
    stack.push(module);
    onStack.add(module);
    for (const target of next.get(module)!) {
      if (!index.has(target)) {
        visit(target);
        low.set(module, Math.min(low.get(module)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(module, Math.min(low.get(module)!, index.get(target)!));
    }
    if (low.get(module) !== index.get(module)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== module);
    if (group.length > 1) groups.push(group.sort());
  };
  for (const module of [...next.keys()].sort()) if (!index.has(module)) visit(module);
  return groups;
}

/** The shortest way from `start` back to itself through `members` (which all reach one another). */
function shortestCycle(start: string, members: ReadonlySet<string>, next: ReadonlyMap<string, ReadonlySet<string>>): string[] {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length && !cameFrom.has(start)) {
    const module = queue.shift()!;
    for (const target of [...next.get(module)!].sort()) {
      if (!members.has(target) || cameFrom.has(target)) continue;
      cameFrom.set(target, module);
      queue.push(target);
    }
  }
  const path = [start];
  for (let at = cameFrom.get(start)!; at !== start; at = cameFrom.get(at)!) path.unshift(at);
  return [start, ...path];
}

/**
 * The import cycles between modules: for every module caught in one, the shortest cycle through it,
 * written from its alphabetically first module with that one repeated at the end
 * (['schedule', 'swap', 'schedule']), each cycle once.
 */
function cycles(imports: readonly ModuleImport[]): string[][] {
  const next = new Map<string, Set<string>>();
  for (const { from, to } of imports) {
    next.set(from, (next.get(from) ?? new Set()).add(to));
    if (!next.has(to)) next.set(to, new Set());
  }
  const found = new Map<string, string[]>();
  for (const group of tangledGroups(next)) {
    for (const start of group) {
      const loop = shortestCycle(start, new Set(group), next).slice(0, -1);
      const first = loop.indexOf([...loop].sort()[0]!);
      const cycle = [...loop.slice(first), ...loop.slice(0, first), loop[first]!];
      found.set(cycle.join(' → '), cycle);
    }
  }
  return [...found.values()];
}

/** A cycle as a sentence: the modules, then for each step the first imports that make it. */
function describeCycle(cycle: readonly string[], imports: readonly ModuleImport[]): string {
  const steps = cycle.slice(1).map((to, i) => {
    const from = cycle[i]!;
    const made = imports.filter((edge) => edge.from === from && edge.to === to);
    const shown = made.slice(0, 2).map((edge) => `${edge.file} imports '${edge.specifier}'`);
    return `  ${from} → ${to}: ${shown.join('; ')}${made.length > 2 ? ` (and ${made.length - 2} more)` : ''}`;
  });
  return [`import cycle ${cycle.join(' → ')}`, ...steps].join('\n');
}

/** Imports by which a foundation folder depends on a module that builds on it. */
function foundationBreaches(imports: readonly ModuleImport[]): string[] {
  return imports
    .filter((edge) => FOUNDATION.includes(edge.from) && edge.to !== DOMAIN && !FOUNDATION.includes(edge.to))
    .map((edge) => `${edge.from}/ imports the ${edge.to} module: ${edge.file} imports '${edge.specifier}'`);
}

/**
 * Inside domain/ the folders are not layered: the wire shapes (contract/) name the lists the rules
 * keep, and the rules read those shapes. What holds there is that no two of its files reach each
 * other: each file is a node, named from domain/src without its extension ('contract/references',
 * 'settings'), and a cycle between files is named as one between modules is.
 */
function domainFileOf(path: string): string | null {
  const inDomain = relative(DOMAIN_SRC, path);
  if (inDomain.startsWith('..')) return null;
  return inDomain
    .split(/[\\/]/)
    .join('/')
    .replace(/\.(js|ts)$/, '');
}

/** Every import from one file of domain/src into another. */
function domainImports(files: readonly SourceFile[]): ModuleImport[] {
  return importsBetween(files, domainFileOf, (fromPath, specifier) =>
    specifier.startsWith('.') ? domainFileOf(resolve(dirname(fromPath), specifier)) : null,
  );
}

/** A made-up file of backend/src, for the checks' own tests. */
const sourceAt = (path: string, text: string): SourceFile => ({ path: join(BACKEND_SRC, path), text });
/** A made-up file of domain/src. */
const domainSourceAt = (path: string, text: string): SourceFile => ({ path: join(DOMAIN_SRC, path), text });

describe('module boundaries of the backend', () => {
  const imports = moduleImports([...sourceFiles(BACKEND_SRC), ...sourceFiles(DOMAIN_SRC)]);

  it('reads the imports of every module', () => {
    const modules = new Set(imports.flatMap(({ from, to }) => [from, to]));
    for (const module of [APP, DOMAIN, 'common', 'database', 'users', 'applications', 'schedule', 'swap', 'jobs']) {
      expect(modules).toContain(module);
    }
    expect(imports).toContainEqual(expect.objectContaining({ from: 'swap', to: 'schedule' }));
    expect(imports).toContainEqual(expect.objectContaining({ from: 'applications', to: DOMAIN }));
  });

  it('has no import cycle between modules', () => {
    expect(cycles(imports).map((cycle) => describeCycle(cycle, imports))).toEqual([]);
  });

  it('keeps common/ (and database/, config/, clock/) free of feature modules', () => {
    expect(foundationBreaches(imports)).toEqual([]);
  });
});

describe('module boundaries inside domain/', () => {
  const imports = domainImports(sourceFiles(DOMAIN_SRC));

  it('reads the imports between the files of every folder', () => {
    const files = new Set(imports.flatMap(({ from, to }) => [from, to]));
    for (const file of ['settings', 'edition', 'contract/applications', 'rules/application', 'references/index', 'schedule/shifts']) {
      expect(files).toContain(file);
    }
    expect(imports).toContainEqual(expect.objectContaining({ from: 'rules/application', to: 'contract/applications' }));
  });

  it('has no import cycle between its files, type-only imports included', () => {
    expect(cycles(imports).map((cycle) => describeCycle(cycle, imports))).toEqual([]);
  });
});

describe('the boundary checks themselves', () => {
  it('name a cycle of two modules with the imports that make it', () => {
    const imports = moduleImports([
      sourceAt('schedule/schedule.service.ts', "import { loadSwapParties } from '../swap/swap-parties.service.js';"),
      sourceAt('swap/swap.module.ts', "import { ScheduleModule } from '../schedule/schedule.module.js';"),
      sourceAt('swap/swap-views.service.ts', "import { Shift } from '../schedule/shift.entity.js';"),
      sourceAt('swap/swap-requests.service.ts', "import { ShiftView } from '../schedule/shift.view.js';"),
    ]);
    expect(cycles(imports).map((cycle) => describeCycle(cycle, imports))).toEqual([
      [
        'import cycle schedule → swap → schedule',
        "  schedule → swap: backend/src/schedule/schedule.service.ts imports '../swap/swap-parties.service.js'",
        "  swap → schedule: backend/src/swap/swap.module.ts imports '../schedule/schedule.module.js'; " +
          "backend/src/swap/swap-views.service.ts imports '../schedule/shift.entity.js' (and 1 more)",
      ].join('\n'),
    ]);
  });

  it('find a longer cycle, counting type-only imports, re-exports and import()', () => {
    const imports = moduleImports([
      sourceAt('users/profile.service.ts', "import type { Application } from '../applications/application.entity.js';"),
      sourceAt('applications/index.ts', "export { FilesService } from '../files/files.service.js';"),
      sourceAt('files/files.service.ts', "const users = await import('../users/user.entity.js');"),
      sourceAt('mail/mail.service.ts', "import { Clock } from '../clock/clock.js';"),
    ]);
    expect(cycles(imports)).toEqual([['applications', 'files', 'users', 'applications']]);
  });

  it('name each cycle of modules tangled together, once', () => {
    const imports = moduleImports([
      sourceAt('users/profile.service.ts', "import { Application } from '../applications/application.entity.js';"),
      sourceAt(
        'applications/applications.service.ts',
        "import { FilesService } from '../files/files.service.js';\nimport { User } from '../users/user.entity.js';",
      ),
      sourceAt('files/files.service.ts', "import { assertEditable } from '../applications/editability.js';"),
    ]);
    expect(cycles(imports)).toEqual([
      ['applications', 'files', 'applications'],
      ['applications', 'users', 'applications'],
    ]);
  });

  it('see no cycle where the imports go one way, and leave packages and a module’s own files out', () => {
    const imports = moduleImports([
      sourceAt('swap/swap.module.ts', "import { ScheduleModule } from '../schedule/schedule.module.js';"),
      sourceAt('schedule/schedule.module.ts', "import { Module } from '@nestjs/common';\nimport { Shift } from './shift.entity.js';"),
      sourceAt('schedule/shift.entity.ts', "import { isDay } from '@svp/domain';"),
    ]);
    expect(imports.map(({ from, to }) => `${from} → ${to}`)).toEqual(['swap → schedule', 'schedule → domain']);
    expect(cycles(imports)).toEqual([]);
  });

  it('name a type-only cycle between two files of domain/ in different folders, and between two of its top files', () => {
    const imports = domainImports([
      domainSourceAt('contract/references.ts', "import { REFERENCE_STATES } from '../references/index.js';"),
      domainSourceAt('references/index.ts', "import type { ReferenceAnswer } from '../contract/references.js';"),
      domainSourceAt('settings.ts', "import { programmeUrl } from './edition.js';"),
      domainSourceAt('edition.ts', "import type { EditionSettings } from './settings.js';\nimport { DateTime } from 'luxon';"),
      domainSourceAt('rules/application.ts', "import { countWords } from './words.js';"),
    ]);
    expect(imports.map(({ from, to }) => `${from} → ${to}`)).toEqual([
      'contract/references → references/index',
      'references/index → contract/references',
      'settings → edition',
      'edition → settings',
      'rules/application → rules/words',
    ]);
    expect(cycles(imports).map((cycle) => describeCycle(cycle, imports))).toEqual([
      [
        'import cycle contract/references → references/index → contract/references',
        "  contract/references → references/index: domain/src/contract/references.ts imports '../references/index.js'",
        "  references/index → contract/references: domain/src/references/index.ts imports '../contract/references.js'",
      ].join('\n'),
      [
        'import cycle edition → settings → edition',
        "  edition → settings: domain/src/edition.ts imports './settings.js'",
        "  settings → edition: domain/src/settings.ts imports './edition.js'",
      ].join('\n'),
    ]);
  });

  it('name common/ importing a feature module, and let it import the rest of the foundation and domain', () => {
    const imports = moduleImports([
      sourceAt('common/guards/roles.guard.ts', "import { JwtStrategy } from '../../users/jwt.strategy.js';"),
      sourceAt('common/filters/error-response.ts', "import { isDatabaseUnavailable } from '../../database/database-errors.js';"),
      sourceAt('common/filters/error-response.ts', "import { PROOF_TOO_LARGE_MESSAGE } from '@svp/domain';"),
      sourceAt('database/database.options.ts', "import { UserSearchKeysSubscriber } from '../users/user-search.js';"),
    ]);
    expect(foundationBreaches(imports)).toEqual([
      "common/ imports the users module: backend/src/common/guards/roles.guard.ts imports '../../users/jwt.strategy.js'",
      "database/ imports the users module: backend/src/database/database.options.ts imports '../users/user-search.js'",
    ]);
  });
});
