/**
 * Counts the records of a CSV text arriving in pieces: a line break ends a record only outside
 * quotes, so an essay with commas, quotes or line breaks of its own still counts once.
 */
export class CsvRecordCounter {
  private inQuotes = false;
  private pending = false;
  private complete = 0;

  /** Reads the next piece of text and answers the records completed so far. */
  push(text: string): number {
    for (let i = 0; i < text.length; i += 1) {
      const c = text.charCodeAt(i);
      if (c === 34 /* " */) {
        // A doubled quote inside a quoted cell toggles twice and so stays inside.
        this.inQuotes = !this.inQuotes;
        this.pending = true;
      } else if (c === 10 /* \n */ && !this.inQuotes) {
        this.complete += 1;
        this.pending = false;
      } else if (c !== 13 /* \r */ && c !== 0xfeff /* BOM */) {
        this.pending = true;
      }
    }
    return this.complete;
  }

  /** The records once the text has ended: a last record without a line break counts too. */
  finish(): number {
    if (this.pending) {
      this.complete += 1;
      this.pending = false;
    }
    return this.complete;
  }

  get records(): number {
    return this.complete;
  }
}
