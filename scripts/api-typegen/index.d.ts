/** The TypeScript types of an OpenAPI document, as openapi-fetch reads them. */
export function openapiTypes(document: object): Promise<string>;
