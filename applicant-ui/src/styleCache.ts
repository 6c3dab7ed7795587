import createCache, { type EmotionCache } from '@emotion/cache';

/** A vendor-prefixed pseudo-class or pseudo-element in a selector (::-moz-focus-inner, :-ms-input-placeholder). */
const VENDOR_PSEUDO = /::?-(?:moz|ms|webkit|o)-[a-z-]+/g;

/**
 * Whether this browser parses a pseudo-class or pseudo-element (CSS.supports('selector(…)'), asked
 * once for each); null when the browser cannot say, and then every rule is inserted.
 */
function pseudoSupport(): ((pseudo: string) => boolean) | null {
  const css = typeof CSS === 'undefined' ? null : CSS;
  if (!css?.supports || !css.supports('selector(:hover)')) return null;
  const known = new Map<string, boolean>();
  return (pseudo) => {
    let supported = known.get(pseudo);
    if (supported === undefined) {
      supported = css.supports(`selector(${pseudo})`);
      known.set(pseudo, supported);
    }
    return supported;
  };
}

/**
 * The style cache of the app's MUI components: emotion's own, except that a rule whose selector
 * names another browser's prefixed pseudo-element (MUI's buttons carry `::-moz-focus-inner`, its
 * inputs `::-moz-placeholder` and `:-ms-input-placeholder`) is not inserted. The browser would
 * refuse it anyway: emotion inserts each rule with insertRule, which throws on a selector the
 * browser cannot parse (caught by emotion), and each such exception costs a stack trace while the
 * page is being drawn, a large one when developer tools or Lighthouse are attached.
 */
export function createStyleCache(): EmotionCache {
  const cache = createCache({ key: 'css' });
  const supports = pseudoSupport();
  if (!supports) return cache;
  const insert = cache.sheet.insert.bind(cache.sheet);
  cache.sheet.insert = (rule: string) => {
    // A rule's selector list is refused whole when one of its selectors cannot be parsed; an at-rule is passed on as it is.
    const pseudos = rule.startsWith('@') ? null : rule.slice(0, rule.indexOf('{')).match(VENDOR_PSEUDO);
    if (pseudos && !pseudos.every(supports)) return;
    insert(rule);
  };
  return cache;
}
