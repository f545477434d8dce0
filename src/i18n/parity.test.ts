import fs from 'node:fs';
import path from 'node:path';

type Tree = { [key: string]: string | Tree };

// Arabic has six plural forms and English two, so plural suffixes are compared by their stem.
const PLURAL = /_(zero|one|two|few|many|other)$/;

function flatten(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' ? flatten(value, `${prefix}${key}.`) : [`${prefix}${key}`.replace(PLURAL, '')],
  );
}

const localesDir = path.join(__dirname, 'locales');
const read = (language: string, file: string) =>
  JSON.parse(fs.readFileSync(path.join(localesDir, language, file), 'utf8')) as Tree;

describe('translations', () => {
  const enFiles = fs.readdirSync(path.join(localesDir, 'en')).filter((f) => f.endsWith('.json'));
  const arFiles = fs.readdirSync(path.join(localesDir, 'ar')).filter((f) => f.endsWith('.json'));

  it('has the same locale files in both languages', () => {
    expect(arFiles.sort()).toEqual(enFiles.sort());
  });

  it.each(enFiles)('%s has every key in English and in Arabic', (file) => {
    const en = new Set(flatten(read('en', file)));
    const ar = new Set(flatten(read('ar', file)));
    expect([...en].filter((k) => !ar.has(k))).toEqual([]);
    expect([...ar].filter((k) => !en.has(k))).toEqual([]);
  });

  it.each(enFiles)('%s uses snake_case leaves and no empty texts', (file) => {
    for (const language of ['en', 'ar']) {
      const walk = (tree: Tree, trail: string) => {
        for (const [key, value] of Object.entries(tree)) {
          expect(`${trail}${key}`).toMatch(/:([a-z0-9_]+\.)*[a-z0-9_]+$/);
          if (typeof value === 'object') walk(value, `${trail}${key}.`);
          else expect(value.trim()).not.toBe('');
        }
      };
      walk(read(language, file), `${language}:${file}:`);
    }
  });

  it('Arabic texts are Arabic (no English left untranslated in long texts)', () => {
    const untranslated: string[] = [];
    for (const file of enFiles) {
      const en = read('en', file);
      const ar = read('ar', file);
      const compare = (a: Tree, b: Tree, trail: string) => {
        for (const [key, value] of Object.entries(a)) {
          const other = b[key];
          if (typeof value === 'object' && typeof other === 'object')
            compare(value, other, `${trail}${key}.`);
          else if (typeof value === 'string' && value === other && value.split(' ').length > 2)
            untranslated.push(`${trail}${key}`);
        }
      };
      compare(en, ar, `${file}:`);
    }
    expect(untranslated).toEqual([]);
  });
});
