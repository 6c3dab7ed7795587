import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** What a PDF says, read back with Mozilla's PDF.js (tests only). */
export interface PdfText {
  pages: string[];
  /** The document's Info dictionary: Title, Author… */
  info: Record<string, unknown>;
}

/** The text of each page, each drawn line on a line of its own. */
export async function pdfText(bytes: Uint8Array): Promise<PdfText> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= pdf.numPages; n += 1) {
      const content = await (await pdf.getPage(n)).getTextContent();
      let text = '';
      let lastY: number | null = null;
      for (const item of content.items) {
        if (!('str' in item)) continue;
        const y = item.transform[5] as number;
        // Runs of one line (a name in two scripts) share its baseline.
        if (lastY !== null && Math.abs(y - lastY) > 0.5) text += '\n';
        text += item.str;
        lastY = y;
      }
      pages.push(text);
    }
    const { info } = await pdf.getMetadata();
    return { pages, info: info as Record<string, unknown> };
  } finally {
    await pdf.destroy();
  }
}
