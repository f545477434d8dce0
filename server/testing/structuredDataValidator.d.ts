// The two packages ship plain JavaScript: the parts the tests use, typed as their READMEs describe them.

declare module '@marbec/web-auto-extractor' {
  export interface Extracted {
    jsonld: Record<string, Record<string, unknown>[]>;
    microdata: Record<string, unknown[]>;
    rdfa: Record<string, unknown[]>;
    metatags: Record<string, string[]>;
    errors: unknown[];
  }
  export default class WebAutoExtractor {
    constructor(options?: { addLocation?: boolean; embedSource?: ('rdfa' | 'microdata')[] });
    parse(html: string): Extracted;
  }
}

declare module '@adobe/structured-data-validator' {
  export interface ValidationIssue {
    issueMessage: string;
    severity: 'ERROR' | 'WARNING';
    path: { type?: string; property?: string; index?: number }[];
    fieldNames: string[];
    location?: string;
  }
  export default class Validator {
    /** With schema.org's vocabulary (schemaorg-all-https.jsonld) it also checks property names. */
    constructor(schemaOrgJson?: unknown);
    debug: boolean;
    validate(extracted: unknown): Promise<ValidationIssue[]>;
  }
}
