import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The fonts embedded in server-made PDFs (SIL Open Font License, shipped by npm packages so they
 * resolve like any dependency: under tsx, in tests and from the built dist-server/). Noto Sans
 * covers Latin (with Łódź and Zürich), Greek and Cyrillic; Noto Sans JP the CJK ideographs and kana.
 */
const require = createRequire(import.meta.url);
const files = {
  Sans: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  'Sans-Bold': '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  CJK: '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf',
  'CJK-Bold': '@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf',
} as const;
type FontName = keyof typeof files;

let loaded: Record<FontName, Buffer> | undefined;
/** Read once per process: the JP fonts are several megabytes each. */
const buffers = () =>
  (loaded ??= Object.fromEntries(
    Object.entries(files).map(([name, file]) => [name, readFileSync(require.resolve(file))]),
  ) as Record<FontName, Buffer>);

export function invoiceFonts(doc: PDFKit.PDFDocument): void {
  for (const [name, data] of Object.entries(buffers())) doc.registerFont(name, data);
  doc.font('Sans');
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]/u;

/** The text cut into runs that one font draws: CJK runs in Noto Sans JP, the rest in Noto Sans. */
export function fontFor(text: string, isBold: boolean): { font: FontName; text: string }[] {
  const runs: { font: FontName; text: string }[] = [];
  for (const char of text) {
    const family = CJK.test(char) ? 'CJK' : 'Sans';
    const font: FontName = isBold ? `${family}-Bold` : family;
    const last = runs.at(-1);
    if (last?.font === font) last.text += char;
    else runs.push({ font, text: char });
  }
  return runs.length > 0 ? runs : [{ font: isBold ? 'Sans-Bold' : 'Sans', text: '' }];
}
