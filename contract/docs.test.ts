import { readFileSync } from 'node:fs';
import path from 'node:path';
import { NATIONALITIES } from '../server/lib/nationalities';
import { NATIONALITY_COUNT } from './accounts';
import { renderApiContract } from './docs';

test('docs/api-contract.md is what the schemas say (run `npm run contract:docs` after changing them)', () => {
  const committed = readFileSync(path.join(__dirname, '..', 'docs', 'api-contract.md'), 'utf8');
  expect(committed).toBe(renderApiContract());
});

test('the nationality range the contract checks is the server’s list', () => {
  expect(NATIONALITIES).toHaveLength(NATIONALITY_COUNT);
});
