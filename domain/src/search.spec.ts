import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { searchKey, searchWords } from './search.js';

describe('searchKey', () => {
  it('drops accents, as an accent-insensitive collation does', () => {
    expect(searchKey('Émile')).toBe('emile');
    expect(searchKey('Ñúñez')).toBe('nunez');
    expect(searchKey('Ångström-Çelik')).toBe('angstrom-celik');
    expect(searchKey('Nguyễn Thị Ánh')).toBe('nguyen thi anh');
    expect(searchKey('Zoë Brontë')).toBe('zoe bronte');
  });

  it('folds case in every script, whatever the accents', () => {
    expect(searchKey('ÉMILE')).toBe(searchKey('émile'));
    expect(searchKey('ÑÚÑEZ')).toBe('nunez');
    expect(searchKey('ИВАН Ёлкин')).toBe('иван елкин');
    expect(searchKey('Йорк')).toBe('иорк');
    expect(searchKey('ΟΔΥΣΣΕΑΣ')).toBe(searchKey('Οδυσσέας'));
    expect(searchKey('Ἀθηνᾶ')).toBe('αθηνα');
    expect(searchKey('İstanbul')).toBe('istanbul');
  });

  it('keeps scripts without case as they are, and ignores their marks', () => {
    expect(searchKey('山田太郎')).toBe('山田太郎');
    expect(searchKey('김민준')).toBe('김민준');
    expect(searchKey('محمد')).toBe('محمد');
    expect(searchKey('مُحَمَّد')).toBe('محمد');
    expect(searchKey('שָׁלוֹם')).toBe('שלום');
    expect(searchKey('ガブリエル')).toBe('カフリエル');
  });

  it('unifies compatibility forms: ligatures, full-width and half-width letters', () => {
    expect(searchKey('ﬁnn')).toBe('finn');
    expect(searchKey('ＹＡＭＡＤＡ')).toBe('yamada');
    expect(searchKey('ｶﾞﾌﾞﾘｴﾙ')).toBe(searchKey('ガブリエル'));
    expect(searchKey('Ⅳ')).toBe('iv');
  });

  it('searches letters that carry their mark inside as their base letters', () => {
    expect(searchKey('Straße')).toBe('strasse');
    expect(searchKey('STRAẞE')).toBe('strasse');
    expect(searchKey('Søren Ødegård')).toBe('soren odegard');
    expect(searchKey('Łódź')).toBe('lodz');
    expect(searchKey('Đặng')).toBe('dang');
    expect(searchKey('Æsa Œuvre')).toBe('aesa oeuvre');
    expect(searchKey('Þór')).toBe('thor');
  });

  it('drops invisible format characters and collapses spaces', () => {
    expect(searchKey('  Ada\u00a0 \tLove\u00adlace\u200b ')).toBe('ada lovelace');
    expect(searchKey('')).toBe('');
    expect(searchKey('   ')).toBe('');
  });

  it('leaves email addresses readable, lower case', () => {
    expect(searchKey('Ada.Lovelace+SV@Example.EDU')).toBe('ada.lovelace+sv@example.edu');
    expect(searchKey('josé@universidad.es')).toBe('jose@universidad.es');
    expect(searchKey('100%_done@x.org')).toBe('100%_done@x.org');
  });

  it('is a fixed point: a key is its own key', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (text) => expect(searchKey(searchKey(text))).toBe(searchKey(text))),
    );
  });

  it('finds every name by itself and by any part of it, in any case', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }), fc.nat(), fc.nat(), (name, a, b) => {
        const key = searchKey(name);
        expect(searchKey(name.toUpperCase())).toBe(searchKey(name.toLowerCase()));
        const [from, to] = [Math.min(a, b) % (key.length + 1), Math.max(a, b) % (key.length + 1)];
        expect(key.includes(searchKey(key.slice(from, to)))).toBe(true);
      }),
      { numRuns: 5000 },
    );
  });
});

describe('searchWords', () => {
  it('answers the keys of the words typed', () => {
    expect(searchWords('  Émile   DURAND ')).toEqual(['emile', 'durand']);
    expect(searchWords('')).toEqual([]);
    expect(searchWords('山田 太郎')).toEqual(['山田', '太郎']);
  });
});
