// npm run contract:docs — rewrites docs/api-contract.md from the schemas.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { renderApiContract } from './docs';

writeFileSync(path.join(__dirname, '..', 'docs', 'api-contract.md'), renderApiContract());
