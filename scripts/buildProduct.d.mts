// Types of buildProduct.mjs, for the tests that build the product.
export const serverDist: string;
export const serverMain: string;
export function buildServer(outdir?: string): Promise<void>;
export function buildWebApp(): void;
export function serverIsStale(): boolean;
export function webAppIsStale(): boolean;
