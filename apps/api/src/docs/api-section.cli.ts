import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { restRoutes } from '../rest/routes.js';
import { withApiList } from './api-section.js';

/** npm run docs:api: rewrites the README's API list from the REST route table. */
const readmePath = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../README.md');
const before = readFileSync(readmePath, 'utf8');
const after = withApiList(before, restRoutes);
if (after === before) console.log('README.md: the API list is up to date.');
else {
  writeFileSync(readmePath, after);
  console.log('README.md: the API list was rewritten.');
}
