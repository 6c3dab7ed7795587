// Makes jsdom's style matching cheaper in both UIs' tests, without changing what it answers.
//
// Testing Library's role queries and user-event's clicks ask jsdom for the computed style of each element they
// look at and of its ancestors (is it hidden? can it be clicked?). jsdom answers by matching every rule of every
// style sheet against each of those elements, and MUI's styles are a thousand rules or so. Two costs come from
// jsdom's selector engine (nwsapi), which this file removes:
//
// - it keeps the selectors it has compiled in caches of at most 1000 entries, least recently used first out. A
//   page with more rules than that, walked in the same order for every element, misses the cache every time and
//   compiles every selector again, over and over (half of the admin panel's test time went there);
// - most of MUI's rules are one compound selector starting with a class (`.css-1x2y3z`, `.css-1x2y3z:hover`,
//   `.css-1x2y3z.Mui-disabled`, `.MuiInputBase-root:has(> .css-1x2y3z)`): an element without that class cannot
//   match, which one look at its classes tells, where the engine would evaluate the whole selector (a :has()
//   searches the element's children each time).
//
// Both touch jsdom's internals; if a jsdom version no longer has them, nothing is changed and tests only run slower.

type Cache = { get(key: string): unknown; set(key: string, value: unknown): void; has(key: string): boolean; clear(): void };
type Engine = { match(selector: string, element: Element, callback?: unknown): boolean } & Partial<Record<string, Cache>>;

const CACHES = ['matchLambdas', 'selectLambdas', 'matchResolvers', 'selectResolvers'];
// Registered, so that a copy of this module evaluated again for another test file in the same worker sees it too.
const FAST = Symbol.for('svp.fastComputedStyle');

/**
 * The class an element must carry to match `selector`, when the selector is one compound selector (no list
 * and no combinator outside parentheses and brackets) whose first simple selector is that class; else null.
 * Selectors with escapes or quotes are left to the engine.
 */
export function leadingClass(selector: string): string | null {
  const first = /^\.(-?[_a-zA-Z][\w-]*)/.exec(selector);
  if (!first) return null;
  const after = selector[first[0].length];
  if (after !== undefined && !'.:[#'.includes(after)) return null;
  let depth = 0;
  for (let i = first[0].length; i < selector.length; i++) {
    const c = selector[i]!;
    if (c === '\\' || c === '"' || c === "'") return null;
    if (c === '(' || c === '[') depth += 1;
    else if (c === ')' || c === ']') depth -= 1;
    else if (depth === 0 && (c === ',' || c === '>' || c === '+' || c === '~' || /\s/.test(c))) return null;
    if (depth < 0) return null;
  }
  return depth === 0 ? first[1]! : null;
}

function implOf(wrapper: object): Record<string, unknown> | undefined {
  const symbol = Object.getOwnPropertySymbols(wrapper).find((s) => s.description === 'impl');
  return symbol ? (wrapper as Record<symbol, Record<string, unknown>>)[symbol] : undefined;
}

/** Caches without a bound: selectors are few thousand strings at most, and compiling one again costs far more. */
function unbound(cache: (Cache & { [FAST]?: true }) | undefined): void {
  if (!cache || typeof cache.get !== 'function' || cache[FAST]) return;
  cache[FAST] = true;
  const map = new Map<string, unknown>();
  cache.get = (key) => map.get(key);
  cache.set = (key, value) => void map.set(key, value);
  cache.has = (key) => map.has(key);
  cache.clear = () => map.clear();
}

export function fastComputedStyle(): void {
  if (typeof window === 'undefined' || typeof document === 'undefined') return;
  const documentImpl = implOf(document);
  if (!documentImpl) return;
  // Both engines are made on first use: the one the cascade uses, and the one of querySelector, matches and closest.
  window.getComputedStyle(document.documentElement);
  document.documentElement.matches('html');
  for (const name of ['_nwsapiDontThrow', '_nwsapi']) {
    const engine = documentImpl[name] as Engine | undefined;
    if (!engine || typeof engine.match !== 'function') continue;
    for (const cache of CACHES) unbound(engine[cache]);
  }
  const cascade = documentImpl._nwsapiDontThrow as (Engine & { [FAST]?: true }) | undefined;
  // Class names match case-insensitively in quirks mode only. A document kept for several test files is done once.
  if (!cascade || typeof cascade.match !== 'function' || document.compatMode !== 'CSS1Compat' || cascade[FAST]) return;
  cascade[FAST] = true;
  const classOf = new Map<string, string | null>();
  const match = cascade.match.bind(cascade);
  cascade.match = (selector, element, callback) => {
    let className = classOf.get(selector);
    if (className === undefined) {
      className = leadingClass(selector);
      classOf.set(selector, className);
    }
    if (className !== null && !element.classList.contains(className)) return false;
    return match(selector, element, callback);
  };
}
