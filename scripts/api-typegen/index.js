import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';

const BLOB = ts.factory.createTypeReferenceNode('Blob');

/**
 * The TypeScript types of an OpenAPI document (`paths`, `components`, `operations`), as
 * openapi-fetch reads them. A file in a multipart body (`format: binary`) is a Blob, so a File
 * from an <input type="file"> fits.
 */
export async function openapiTypes(document) {
  const nodes = await openapiTS(document, {
    silent: true,
    transform: (schema) => (schema.format === 'binary' ? BLOB : undefined),
  });
  return astToString(nodes);
}
