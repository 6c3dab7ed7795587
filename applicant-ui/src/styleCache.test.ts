import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStyleCache } from './styleCache';

afterEach(() => vi.unstubAllGlobals());

/** A browser that parses the pseudo-classes and pseudo-elements in `parsed` and no other prefixed one. */
function browserParsing(...parsed: string[]) {
  vi.stubGlobal('CSS', { supports: (test: string) => test === 'selector(:hover)' || parsed.some((p) => test === `selector(${p})`) });
}

describe('the style cache: rules another browser’s prefixes would make this one refuse are not inserted', () => {
  it('drops a rule naming an unparsed prefixed pseudo-element and keeps the others', () => {
    browserParsing('::-webkit-input-placeholder');
    const cache = createStyleCache();
    cache.sheet.insert('.css-a{color:red;}');
    cache.sheet.insert('.css-a::-moz-focus-inner{border-style:none;}');
    cache.sheet.insert('.css-b::-webkit-input-placeholder{opacity:0.4;}');
    cache.sheet.insert('.css-b:-ms-input-placeholder{opacity:0.4;}');
    cache.sheet.insert('@media (min-width:600px){.css-a{color:blue;}}');
    // Outside production emotion appends each rule as text instead of calling insertRule: read what reached the style elements.
    const css = [...document.querySelectorAll('style[data-emotion="css"]')].map((tag) => tag.textContent).join('');
    expect(css).toContain('.css-a{color:red;}');
    expect(css).toContain('.css-b::-webkit-input-placeholder{opacity:0.4;}');
    expect(css).toContain('@media (min-width:600px){.css-a{color:blue;}}');
    expect(css).not.toContain('-moz-focus-inner');
    expect(css).not.toContain(':-ms-input-placeholder');
  });

  it('inserts every rule in a browser that cannot say which selectors it parses', () => {
    vi.stubGlobal('CSS', { supports: () => false });
    const cache = createStyleCache();
    cache.sheet.insert('.css-c::-moz-focus-inner{border-style:none;}');
    const css = [...document.querySelectorAll('style[data-emotion="css"]')].map((tag) => tag.textContent).join('');
    expect(css).toContain('.css-c::-moz-focus-inner{border-style:none;}');
  });
});
