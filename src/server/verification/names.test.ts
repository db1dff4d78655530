import { describe, expect, it } from 'vitest';
import { editDistance, extractName, nameSimilarity, nameTokens, wordSimilarity } from './names.js';

describe('nameTokens', () => {
  it('lower-cases, drops accents and splits on anything that is not a letter', () => {
    expect(nameTokens('  ÁMA  Serwaa-MENSAH, jr. ')).toEqual(['ama', 'serwaa', 'mensah', 'jr']);
    expect(nameTokens("Chiamaka O'Neil")).toEqual(['chiamaka', 'o', 'neil']);
    expect(nameTokens(' 123 -- ')).toEqual([]);
  });
});

describe('editDistance and wordSimilarity', () => {
  it('counts insertions, deletions and substitutions', () => {
    expect(editDistance('mensah', 'mensah')).toBe(0);
    expect(editDistance('mensah', 'mensa')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('abc', '')).toBe(3);
  });

  it('scores 1 for the same word and 0 for nothing in common', () => {
    expect(wordSimilarity('ama', 'ama')).toBe(1);
    expect(wordSimilarity('ama', 'kofi')).toBe(0);
    expect(wordSimilarity('mensah', 'mensa')).toBeCloseTo(5 / 6);
    expect(wordSimilarity('', '')).toBe(1);
  });
});

describe('nameSimilarity', () => {
  const MATCH = 0.8;

  it('ignores word order, letter case and accents', () => {
    expect(nameSimilarity('Ama Serwaa Mensah', 'MENSAH AMA SERWAA')).toBe(1);
    expect(nameSimilarity('Adjoa Asante', 'Adjóa ASANTE')).toBe(1);
  });

  it('allows small spelling differences, as OCR and people make them', () => {
    expect(nameSimilarity('Ama Mensah', 'Ama Mensa')).toBeGreaterThan(MATCH);
    expect(nameSimilarity('Kwabena Owusu', 'Kwabena 0wusu')).toBeGreaterThan(MATCH);
    expect(nameSimilarity('Ama Serwa Mensah', 'Ama Serwaa Mensah')).toBeGreaterThan(MATCH);
  });

  it('accepts a middle name present on one side only, but not a single shared word', () => {
    expect(nameSimilarity('Ama Mensah', 'Ama Serwaa Mensah')).toBeGreaterThan(MATCH);
    expect(nameSimilarity('Ama Serwaa Mensah', 'Mensah Ama')).toBeGreaterThan(MATCH);
    expect(nameSimilarity('Ama', 'Ama Serwaa Mensah')).toBeLessThan(MATCH);
  });

  it('refuses another person, even one with the same surname', () => {
    expect(nameSimilarity('Ama Mensah', 'Kofi Mensah')).toBeLessThan(MATCH);
    expect(nameSimilarity('Ama Mensah', 'Kofi Boateng')).toBeLessThan(0.3);
    expect(nameSimilarity('Ama Owusu', 'Ama Mensah')).toBeLessThan(MATCH);
  });

  it('is symmetric and 0 when either side has no letters', () => {
    expect(nameSimilarity('Ama Mensah', 'Ama Mensa')).toBeCloseTo(nameSimilarity('Ama Mensa', 'Ama Mensah'));
    expect(nameSimilarity('', 'Ama Mensah')).toBe(0);
    expect(nameSimilarity('Ama Mensah', '--')).toBe(0);
  });

  it('pairs each word once, so a repeated word cannot stand for two', () => {
    expect(nameSimilarity('Ama Ama', 'Ama Mensah')).toBeLessThan(MATCH);
  });
});

describe('extractName', () => {
  it('reads a Name line', () => {
    expect(extractName('NATIONAL ID\nName: Ama Serwaa Mensah\nID No: GHA-123456789-0\n')).toBe('Ama Serwaa Mensah');
    expect(extractName('REPUBLIC OF GHANA\nFULL NAME : KOFI ASANTE\nSex: M')).toBe('KOFI ASANTE');
  });

  it('puts given names and surname together, given names first', () => {
    const text = 'ECOWAS IDENTITY CARD\nSurname / Nom: MENSAH\nGiven Names / Prénoms: AMA SERWAA\nNationality: GHANAIAN';
    expect(extractName(text)).toBe('AMA SERWAA MENSAH');
  });

  it('takes the next line when the label stands alone', () => {
    expect(extractName('NATIONAL IDENTITY CARD\nSurname\nBOATENG\nFirst names\nYAW KWAME\nDate of Birth\n01/02/1990')).toBe(
      'YAW KWAME BOATENG',
    );
    expect(extractName('Name\n12/03/1988')).toBeNull();
  });

  it('drops OCR specks and label punctuation around the name', () => {
    expect(extractName('| Name: Ama Mensah |\n')).toBe('Ama Mensah');
    // The edge of the card's photo, read as letters before the label.
    expect(extractName('NATIONAL ID\ni | Name: Ama Serwaa Mensah\n= = fl 1D No: GHA-723014958-3\n')).toBe('Ama Serwaa Mensah');
    expect(extractName("Name:: ‘Efua  O'Connor-Boateng.")).toBe("Efua O'Connor-Boateng");
  });

  it('falls back to the most name-like line when nothing is labelled', () => {
    expect(extractName('REPUBLIC OF GHANA\nNATIONAL ID CARD\nAMA SERWAA MENSAH\nGHA-123456789-0\n12 MAR 1990')).toBe(
      'AMA SERWAA MENSAH',
    );
  });

  it('gives null when no name can be read', () => {
    expect(extractName('')).toBeNull();
    expect(extractName('NATIONAL ID\nGHA-123456789-0\n~~ ;; ..')).toBeNull();
    expect(extractName('Name:\n')).toBeNull();
  });

  it("does not take the Nationality line, or another person's name, for the holder's", () => {
    expect(extractName('Nationality: Ghanaian\nName: Kofi Asante')).toBe('Kofi Asante');
    expect(extractName("Father's name: Yaw Asante\nName: Kofi Asante")).toBe('Kofi Asante');
  });
});
