/** Types of shippedImports.mjs (plain JavaScript, so that build.mjs runs it without a compiler). */

/** The part of esbuild's metafile the check reads. */
export interface BuildMetafile {
  inputs: Record<string, { imports: { path: string; kind: string; external?: boolean }[] }>;
}

/** An external import a production install does not satisfy. */
export interface UnshippedImport {
  /** The package, e.g. 'csv-parse'. */
  package: string;
  /** The name of the package whose code imports it (the server's own code: '@selvedge/server'). */
  importedBy: string;
  /** The bundled files that import it, relative to the server's folder. */
  files: string[];
  /** Why a production install leaves it out. */
  reason: string;
}

export function packageName(specifier: string): string;

export function unshippedImports(
  metafile: BuildMetafile,
  options: { serverDir: string; readManifest?: (dir: string) => Record<string, unknown> | null },
): UnshippedImport[];

export function describeUnshipped(problems: UnshippedImport[]): string[];
