import { describe, expect, it } from 'vitest';
import { idCheckResultSchema } from '@shared/verification/schemas.js';
import { faceLikeness, ID_CHECK_REASONS, judge, type Analysis } from './judge.js';

const card = (name: string) => `NATIONAL ID\nName: ${name}\nID No: GHA-123456789-0\n`;
const sameFace: Omit<Analysis, 'text'> = { faceOnId: true, faceInPicture: true, faceDistance: 0.25 };

describe('faceLikeness', () => {
  it('is one half at the 0.6 threshold, high for the same face and low for another', () => {
    expect(faceLikeness(0.6)).toBeCloseTo(0.5);
    expect(faceLikeness(0.25)).toBeGreaterThan(0.95);
    expect(faceLikeness(0.73)).toBeLessThan(0.25);
    expect(faceLikeness(null)).toBe(0);
  });
});

describe('judge', () => {
  it('verifies a matching name and face, with a high confidence and the name it read', () => {
    const verdict = judge('Ama Serwaa Mensah', { text: card('MENSAH Ama Serwaa'), ...sameFace });
    expect(verdict).toMatchObject({ verified: true, reason: ID_CHECK_REASONS.passed, extractedName: 'MENSAH Ama Serwaa' });
    expect(verdict.confidence).toBeGreaterThan(95);
    expect(idCheckResultSchema.parse(verdict)).toBeTruthy();
  });

  it('refuses another name on the card', () => {
    const verdict = judge('Ama Serwaa Mensah', { text: card('Kofi Boateng'), ...sameFace });
    expect(verdict).toMatchObject({ verified: false, reason: ID_CHECK_REASONS.nameMismatch, extractedName: 'Kofi Boateng' });
    expect(verdict.confidence).toBeLessThan(65);
  });

  it('refuses another face', () => {
    const verdict = judge('Ama Mensah', { text: card('Ama Mensah'), ...sameFace, faceDistance: 0.73 });
    expect(verdict).toMatchObject({ verified: false, reason: ID_CHECK_REASONS.faceMismatch });
    expect(verdict.confidence).toBeLessThan(65);
  });

  it('says when no name or no face could be found, and names every failing part', () => {
    expect(judge('Ama Mensah', { text: 'NATIONAL ID\n12345', ...sameFace })).toMatchObject({
      verified: false,
      reason: ID_CHECK_REASONS.noName,
      extractedName: null,
    });
    expect(
      judge('Ama Mensah', { text: card('Ama Mensah'), faceOnId: false, faceInPicture: true, faceDistance: null }),
    ).toMatchObject({
      verified: false,
      reason: ID_CHECK_REASONS.noFaceOnId,
    });
    expect(
      judge('Ama Mensah', { text: card('Ama Mensah'), faceOnId: true, faceInPicture: false, faceDistance: null }),
    ).toMatchObject({
      verified: false,
      reason: ID_CHECK_REASONS.noFaceInPicture,
    });
    const both = judge('Ama Mensah', { text: card('Kofi Boateng'), ...sameFace, faceDistance: 0.8 });
    expect(both.reason).toBe(`${ID_CHECK_REASONS.nameMismatch}. ${ID_CHECK_REASONS.faceMismatch}`);
    expect(judge('Ama Mensah', { text: '', faceOnId: false, faceInPicture: false, faceDistance: null }).confidence).toBe(0);
  });

  it('passes right at the thresholds and refuses just past them', () => {
    expect(judge('Ama Mensah', { text: card('Ama Mensah'), ...sameFace, faceDistance: 0.6 }).verified).toBe(true);
    expect(judge('Ama Mensah', { text: card('Ama Mensah'), ...sameFace, faceDistance: 0.601 }).verified).toBe(false);
  });
});
