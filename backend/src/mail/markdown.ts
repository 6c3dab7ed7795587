import { randomBytes } from 'node:crypto';
import MarkdownIt, { type Token } from 'markdown-it';
import {
  MERGE_FIELD_NAMES,
  type MarkdownLimitProblem,
  type MergeField,
  type MergeValues,
  URL_MERGE_FIELDS,
  fillMergeFields,
  isMergeField,
  markdownLimitProblem,
} from '@svp/domain';
import { escapeHtml } from '../common/html.js';

/**
 * Organisers' messages are written in Markdown with merge fields. Raw HTML in the source is shown
 * as text (`html: false`), bare addresses become links, and a line break is kept as written.
 *
 * A message is rendered once, when it is written (`renderMessageBody`): the result is its HTML and
 * plain text with a slot where each merge value goes, and the link targets that hold merge values.
 * Each recipient's copy is then made by putting their values into the slots (`fillMessageBody`),
 * escaped in the HTML, without parsing the Markdown again: what a message costs to send or show no
 * longer depends on what it says or how many read it. A body over one of the Markdown limits
 * (`MARKDOWN_LIMITS` in domain/) is refused before it is parsed, so the one parse is linear too.
 *
 * Merge values never pass through the Markdown parser: each field becomes a placeholder of letters
 * and digits (which no Markdown rule changes) holding a random word, so text that merely looks like
 * one stays text; the source is parsed once, and the placeholders in the parsed text, code and link
 * targets become slots. A value therefore arrives exactly as typed, never as markup.
 */
const markdown = new MarkdownIt({ html: false, linkify: true, breaks: true });

/**
 * Slots in a stored rendering: U+0001 name U+0002 for a merge value, U+0001 #n U+0002 for the nth
 * link target that holds merge values. These control characters are taken out of a body before it is
 * parsed (and Markdown turns no entity into one), so only the renderer writes them; being Latin-1,
 * they keep a rendering a one-byte string in V8 and one byte a character in the database.
 */
const SLOT_OPEN = '\u0001';
const SLOT_CLOSE = '\u0002';
const SLOT = new RegExp(`${SLOT_OPEN}([A-Za-z]+|#\\d+)${SLOT_CLOSE}`, 'g');
const SLOT_CHARACTERS = new RegExp(`[${SLOT_OPEN}${SLOT_CLOSE}]`, 'g');
const LINK_SLOT = new RegExp(`^${SLOT_OPEN}#(\\d+)${SLOT_CLOSE}$`);
const fieldSlot = (field: MergeField) => `${SLOT_OPEN}${field}${SLOT_CLOSE}`;
const linkSlot = (index: number) => `${SLOT_OPEN}#${index}${SLOT_CLOSE}`;

/** A message's body rendered once: HTML and plain text with slots for the merge values, and the link targets holding some. */
export interface MessageRendering {
  html: string;
  text: string;
  /** Link targets as written with merge-value slots: made for each recipient, then made absolute and checked. */
  links: string[];
}

export interface RenderedMarkdown {
  html: string;
  text: string;
}

/** The body breaks a Markdown limit: it is not parsed. */
export class MarkdownLimitError extends Error {
  constructor(readonly problem: MarkdownLimitProblem) {
    super(problem.message);
  }
}

/** A link target made absolute to the portal (a relative one), or null when it is not a web or mail address. */
export function absoluteLink(href: string, publicUrl: string): string | null {
  try {
    const url = new URL(href, `${publicUrl}/`);
    return ['http:', 'https:', 'mailto:'].includes(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

/** The subject with its merge values, on one line. */
export function renderSubject(subject: string, values: MergeValues): string {
  return fillMergeFields(subject, (field) => values[field])
    .replace(/[\r\n]+/g, ' ')
    .trim();
}

/**
 * Renders a message's body once, for every recipient: throws `MarkdownLimitError` when the body
 * breaks a limit. Links without merge values are made absolute to `publicUrl` here; a link that is not
 * http(s) or mailto leads nowhere ('#').
 */
export function renderMessageBody(source: string, publicUrl: string): MessageRendering {
  const problem = markdownLimitProblem(source);
  if (problem) throw new MarkdownLimitError(problem);
  const word = Array.from(randomBytes(8), (byte) => String.fromCharCode(97 + (byte % 26))).join('');
  const placeholder = (field: MergeField) => `q${word}${String(MERGE_FIELD_NAMES.indexOf(field)).padStart(2, '0')}q`;
  const placeholders = new RegExp(`q${word}(\\d\\d)q`, 'g');
  // An address field and what follows it up to a space or a quote (a path); trailing punctuation is trimmed after.
  const urlPlaceholders = new RegExp(`(?:${URL_MERGE_FIELDS.map((field) => placeholder(field)).join('|')})[^\\s<>"'\`]*`, 'g');
  const hasPlaceholder = (text: string) => text.includes(`q${word}`);
  const slotted = (text: string) => text.replace(placeholders, (_whole, index: string) => fieldSlot(MERGE_FIELD_NAMES[Number(index)]));

  const links: string[] = [];
  const target = (href: string) => {
    if (!hasPlaceholder(href)) return absoluteLink(href, publicUrl) ?? '#';
    links.push(slotted(href));
    return linkSlot(links.length - 1);
  };
  const visit = (list: Token[], linkable: boolean): Token[] => {
    const out: Token[] = [];
    let inLink = 0;
    for (const token of list) {
      if (token.type === 'link_open') inLink += 1;
      else if (token.type === 'link_close') inLink -= 1;
      if (token.attrs) {
        for (const attr of token.attrs)
          attr[1] = attr[0] === 'href' || attr[0] === 'src' ? target(String(attr[1])) : slotted(String(attr[1]));
      }
      if (token.type === 'text' && linkable && !inLink && hasPlaceholder(token.content)) {
        out.push(...urlFieldLinks(token, urlPlaceholders, slotted, target));
        continue;
      }
      if (token.content && hasPlaceholder(token.content)) token.content = slotted(token.content);
      if (token.info && hasPlaceholder(token.info)) token.info = slotted(token.info);
      // An image's children are its description, never a link.
      if (token.children) token.children = visit(token.children, token.type !== 'image');
      out.push(token);
    }
    return out;
  };

  const withPlaceholders = fillMergeFields(source.replace(SLOT_CHARACTERS, '\uFFFD'), placeholder);
  const tokens = visit(markdown.parse(withPlaceholders, {}), true);
  return { html: markdown.renderer.render(tokens, markdown.options, {}), text: plainText(tokens, links), links };
}

const TRAILING_PUNCTUATION = '.,;:!?)]';

/**
 * A text token in which an address merge field stands (with what follows it up to a space, such as a
 * path): that part becomes a link to it, the rest stays text.
 */
function urlFieldLinks(
  token: Token,
  urlPlaceholders: RegExp,
  slotted: (text: string) => string,
  target: (href: string) => string,
): Token[] {
  const TokenOf = token.constructor as new (type: string, tag: string, nesting: -1 | 0 | 1) => Token;
  const text = (content: string) => {
    const piece = new TokenOf('text', '', 0);
    piece.content = slotted(content);
    piece.level = token.level;
    return piece;
  };
  const out: Token[] = [];
  let last = 0;
  for (const match of token.content.matchAll(urlPlaceholders)) {
    const start = match.index;
    let end = start + match[0].length;
    // A sentence's punctuation after the address is not part of it (a loop: a pattern could take quadratic time on a long run).
    while (end > start && TRAILING_PUNCTUATION.includes(token.content[end - 1])) end -= 1;
    const address = token.content.slice(start, end);
    if (start > last) out.push(text(token.content.slice(last, start)));
    const open = new TokenOf('link_open', 'a', 1);
    open.attrs = [['href', target(address)]];
    open.markup = 'linkify';
    open.info = 'auto';
    open.level = token.level;
    const close = new TokenOf('link_close', 'a', -1);
    close.markup = 'linkify';
    close.info = 'auto';
    close.level = token.level;
    out.push(open, text(address), close);
    last = end;
  }
  if (last < token.content.length || !out.length) out.push(text(token.content.slice(last)));
  return out;
}

/**
 * A body kept as it was written, as paragraphs of text (no Markdown), with slots for its merge
 * values: what a message written before the Markdown limits, and over one of them, is shown as.
 */
export function plainMessageBody(source: string): MessageRendering {
  const text = fillMergeFields(source.replace(SLOT_CHARACTERS, '\uFFFD').replace(/\r\n?/g, '\n'), fieldSlot).trim();
  const html = text
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>\n')}</p>`)
    .join('\n');
  return { html: `${html}\n`, text, links: [] };
}

/** One recipient's copy of a rendered body: their values in the slots, escaped in the HTML, each link target made and checked. */
export function fillMessageBody(rendering: MessageRendering, values: MergeValues, publicUrl: string): RenderedMarkdown {
  const raw = (text: string) =>
    text.replace(SLOT, (whole, name: string) => (isMergeField(name) ? values[name] : name.startsWith('#') ? '' : whole));
  const targets = rendering.links.map((template) => absoluteLink(raw(template), publicUrl) ?? '#');
  const fill = (text: string, escape: (value: string) => string) =>
    !text.includes(SLOT_OPEN)
      ? text
      : text.replace(SLOT, (whole, name: string) => {
          if (name.startsWith('#')) return escape(targets[Number(name.slice(1))] ?? '#');
          return isMergeField(name) ? escape(values[name]) : whole;
        });
  return { html: fill(rendering.html, escapeHtml), text: fill(rendering.text, (value) => value) };
}

/** The body for one recipient, parsed now: for a preview or a test, where the message is rendered for one person anyway. */
export function renderMarkdown(source: string, values: MergeValues, publicUrl: string): RenderedMarkdown {
  return fillMessageBody(renderMessageBody(source, publicUrl), values, publicUrl);
}

/** The parsed body as plain text: paragraphs apart, list items with a dash, links as 'text (address)'. */
function plainText(tokens: Token[], links: readonly string[]): string {
  const blocks: string[] = [];
  const lists: { ordered: boolean; next: number }[] = [];
  let line = '';
  let prefix = '';
  const inline = (children: Token[]) => {
    let out = '';
    let link: { href: string; start: number } | null = null;
    for (const child of children) {
      switch (child.type) {
        case 'text':
        case 'code_inline':
          out += child.content;
          break;
        case 'softbreak':
        case 'hardbreak':
          out += '\n';
          break;
        case 'image':
          out += child.content || String(child.attrGet('alt') ?? '');
          break;
        case 'link_open':
          link = { href: String(child.attrGet('href') ?? ''), start: out.length };
          break;
        case 'link_close':
          if (link) {
            const label = out.slice(link.start);
            // A link target holding merge values is compared as written, before it is filled.
            const slot = LINK_SLOT.exec(link.href);
            const written = slot ? (links[Number(slot[1])] ?? '') : link.href;
            // A bare address already shows where it leads (mailto: and a trailing slash aside).
            const same = (a: string) => a.replace(/^mailto:/, '').replace(/\/$/, '');
            if (link.href && same(label) !== same(written)) out += ` (${link.href})`;
          }
          link = null;
          break;
        default:
          break;
      }
    }
    return out;
  };
  for (const token of tokens) {
    switch (token.type) {
      case 'bullet_list_open':
        lists.push({ ordered: false, next: 1 });
        break;
      case 'ordered_list_open':
        lists.push({ ordered: true, next: Number(token.attrGet('start') ?? 1) });
        break;
      case 'bullet_list_close':
      case 'ordered_list_close':
        lists.pop();
        break;
      case 'list_item_open': {
        const list = lists.at(-1);
        prefix = `${'  '.repeat(Math.max(0, lists.length - 1))}${list?.ordered ? `${list.next++}.` : '-'} `;
        break;
      }
      case 'inline':
        line = inline(token.children ?? []);
        break;
      case 'paragraph_close':
      case 'heading_close': {
        blocks.push(prefix ? `${prefix}${line}` : line);
        prefix = '';
        line = '';
        break;
      }
      case 'code_block':
      case 'fence':
        blocks.push(token.content.replace(/\n$/, ''));
        break;
      case 'hr':
        blocks.push('----');
        break;
      default:
        break;
    }
  }
  // Items of one list sit on consecutive lines; other blocks are a blank line apart.
  return blocks.join('\n\n').replace(/\n\n(?=\s*(?:-|\d+\.) )/g, '\n');
}
