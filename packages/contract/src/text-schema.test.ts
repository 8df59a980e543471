import { describe, expect, it } from 'vitest';
import { multiLineText, singleLineText, toSingleLine } from './text-schema.ts';

describe('text fields', () => {
  const line = singleLineText('Team name');
  const lines = multiLineText('Note');

  it('accept any printable text, accents, other scripts and emoji', () => {
    for (const text of ['', 'Acme & Co.', 'Société Générale', 'Ærø 東京 مرحبا', 'Rocket 🚀']) {
      expect(line.parse(text)).toBe(text);
      expect(lines.parse(text)).toBe(text);
    }
    expect(lines.parse('first\r\nsecond\tindented')).toBe('first\r\nsecond\tindented');
  });

  it('single-line text refuses every C0 control, DEL, every C1 control and lone surrogates', () => {
    const refused = [
      ...Array.from({ length: 0x20 }, (_, c) => c),
      ...Array.from({ length: 0x21 }, (_, i) => 0x7f + i),
    ].map((c) => `a${String.fromCharCode(c)}b`);
    for (const text of [...refused, 'x\ud800', '\udc00x']) {
      expect(line.safeParse(text).success, JSON.stringify(text)).toBe(false);
    }
  });

  it('neither refuses nor keeps a bidirectional control: a name cannot reorder what follows it', () => {
    const bidi = [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069];
    for (const code of bidi) {
      const text = `admin${String.fromCharCode(code)}gpj.exe`;
      expect(line.safeParse(text).success, text).toBe(false);
      expect(lines.safeParse(text).success, text).toBe(false);
      expect(toSingleLine(text)).toBe('admingpj.exe');
    }
    // Right-to-left text itself, and the invisible marks that only hint direction, are fine.
    expect(line.parse('שלום \u200fAcme')).toBe('שלום \u200fAcme');
  });

  it('toSingleLine removes exactly what a single line refuses', () => {
    expect(toSingleLine('Ann\u0000\n\u202e Lee\ud800')).toBe('Ann Lee');
    expect(toSingleLine('Société 東京 🚀')).toBe('Société 東京 🚀');
  });

  it('multi-line text allows only LF, CR and TAB among the controls', () => {
    for (const text of ['a\u0000b', 'a\u007fb', 'a\u000bb', 'a\u001bb', 'a\u0085b', 'a\ud800']) {
      expect(lines.safeParse(text).success, JSON.stringify(text)).toBe(false);
    }
  });

  it('the message names the field and says what is wrong', () => {
    expect(line.safeParse('a\nb').error?.issues[0]?.message).toBe(
      'Team name cannot contain line breaks or other control characters.',
    );
  });
});
