import MarkdownIt, { type Token } from 'markdown-it';
import { type MergeField, type MergeValues, fillMergeFields } from '@svp/domain';

/**
 * Organisers' messages are written in Markdown with merge fields. Raw HTML in the source is shown
 * as text (`html: false`), bare addresses become links, and a line break is kept as written.
 *
 * Merge values never pass through the Markdown parser: each field becomes a placeholder made of
 * letters and digits only (which no Markdown rule changes), the source is parsed once, and the
 * values are put into the parsed text, code and link targets. The renderer then escapes them like
 * any other text, so a name such as `<b>Ada</b>` or `*Ada*` arrives exactly as typed, never as markup.
 */
const markdown = new MarkdownIt({ html: false, linkify: true, breaks: true });

const PLACEHOLDER = /svpmergefield([a-z]+)x/gi;
const placeholderOf = (field: MergeField) => `svpmergefield${field.toLowerCase()}x`;

export interface RenderedMarkdown {
  html: string;
  text: string;
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

/** The body as HTML (a fragment) and as plain text, for one recipient's merge values. */
export function renderMarkdown(source: string, values: MergeValues, publicUrl: string): RenderedMarkdown {
  const lowerToField = new Map<string, MergeField>();
  const withPlaceholders = fillMergeFields(source, (field) => {
    lowerToField.set(field.toLowerCase(), field);
    return placeholderOf(field);
  });
  const fill = (text: string) =>
    text.replace(PLACEHOLDER, (whole, name: string) => {
      const field = lowerToField.get(name.toLowerCase());
      return field ? values[field] : whole;
    });

  const tokens = markdown.parse(withPlaceholders, {});
  const visit = (list: Token[]) => {
    for (const token of list) {
      if (token.type === 'text' || token.type === 'code_inline' || token.type === 'code_block' || token.type === 'fence')
        token.content = fill(token.content);
      if (token.attrs) {
        for (const attr of token.attrs) {
          if (attr[0] !== 'href' && attr[0] !== 'src') continue;
          attr[1] = absoluteLink(fill(String(attr[1])), publicUrl) ?? '#';
        }
      }
      if (token.children) visit(token.children);
    }
  };
  visit(tokens);
  return { html: markdown.renderer.render(tokens, markdown.options, {}), text: plainText(tokens) };
}

/** The parsed body as plain text: paragraphs apart, list items with a dash, links as 'text (address)'. */
function plainText(tokens: Token[]): string {
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
            // A bare address already shows where it leads (mailto: and a trailing slash aside).
            const same = (a: string) => a.replace(/^mailto:/, '').replace(/\/$/, '');
            if (link.href && same(label) !== same(link.href)) out += ` (${link.href})`;
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
