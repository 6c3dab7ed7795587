/** Letters that carry their mark in the letter itself (no decomposition), searched as their base letters. */
const FOLDED_LETTERS: Readonly<Record<string, string>> = {
  // ẞ lower-cases to ß, which upper-cases to SS: both are ss.
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ħ: 'h',
  ł: 'l',
  ŧ: 't',
  þ: 'th',
  // Greek final sigma is the same letter as σ.
  ς: 'σ',
};
const FOLDED_PATTERN = new RegExp(`[${Object.keys(FOLDED_LETTERS).join('')}]`, 'gu');

/**
 * The form in which names and email addresses are searched, stored beside them and applied to the
 * text typed: compatibility forms unified (ﬁ → fi, full-width → plain), case folded, accents and
 * other non-spacing marks dropped (É → e, ñ → n, ё → е, ά → α, ガ → カ), invisible format characters
 * dropped and spaces collapsed. Any script is kept as it is otherwise (山田, Иван, محمد). Because both
 * sides go through it and the database compares bytes, every database finds the same people.
 */
export function searchKey(text: string): string {
  return (
    text
      .normalize('NFKD')
      // Upper then lower case is Unicode's full case folding: ß → ss, ı → i, ᾳ → αι.
      .toUpperCase()
      .toLowerCase()
      .normalize('NFKD') // lower case can bring marks back (İ → i̇)
      .replace(/\p{Mn}|\p{Cf}/gu, '')
      .replace(FOLDED_PATTERN, (letter) => FOLDED_LETTERS[letter]!)
      .replace(/\s+/gu, ' ')
      .trim()
      .normalize('NFC')
  );
}

/** The words of a search text, each as a search key; a search for several words wants each of them. */
export function searchWords(text: string): string[] {
  return searchKey(text).split(' ').filter(Boolean);
}
