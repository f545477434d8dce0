import fs from 'node:fs';
import path from 'node:path';

import { FLAG_CODES, flagUrl } from './flags';

const flagsDir = path.join(__dirname, '../../public/flags');
// docs/spec/01-shell-and-account.md §3: the sixteen nationalities.
const NATIONALITY_CODES = [
  'sy',
  'eg',
  'ae',
  'gb',
  'bd',
  'in',
  'fi',
  'pk',
  'ar',
  'br',
  'au',
  'th',
  'ph',
  'tr',
  'uz',
  'kw',
];

describe('flags', () => {
  it('ships a flag for each of the sixteen nationalities', () => {
    for (const code of NATIONALITY_CODES) expect(flagUrl(code)).toBe(`/flags/${code}.svg`);
  });
  it('every listed flag exists as a file, and so does the neutral one', () => {
    for (const code of FLAG_CODES) expect(fs.existsSync(path.join(flagsDir, `${code}.svg`))).toBe(true);
    expect(fs.existsSync(path.join(flagsDir, 'neutral.svg'))).toBe(true);
  });
  it('unknown or missing codes get the neutral flag, never a third-party host', () => {
    expect(flagUrl('zz')).toBe('/flags/neutral.svg');
    expect(flagUrl(null)).toBe('/flags/neutral.svg');
    expect(flagUrl('UK')).toBe('/flags/gb.svg');
  });
});
