import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, relative } from 'node:path';
import { CONTRACT_FILES, documentWithoutDatabase, renderContract } from './contract.js';

/**
 * `npm run contract`: writes `contract/openapi.json` (the OpenAPI document the server serves at
 * `/api/docs-json`) and `contract/openapi.d.ts` (its types, openapi-typescript). Needs no database.
 * Run from the compiled build (`emitDecoratorMetadata` is what gives the document its types).
 */
const rendered = await renderContract(await documentWithoutDatabase());
await mkdir(dirname(CONTRACT_FILES.document), { recursive: true });
await writeFile(CONTRACT_FILES.document, rendered.document);
await writeFile(CONTRACT_FILES.types, rendered.types);
for (const file of Object.values(CONTRACT_FILES)) process.stdout.write(`wrote ${relative(process.cwd(), file)}\n`);
