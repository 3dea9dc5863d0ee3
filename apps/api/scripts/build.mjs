// Compiles the server (src/server.ts with the contract package) into one JavaScript module, dist/server.js, so
// that `npm start` runs plain Node without compiling TypeScript at every start. Packages stay in node_modules.
// `--outdir <dir>` builds elsewhere (tests).
import { readFileSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { outdir: { type: 'string' } } });
const outdir = path.resolve(values.outdir ?? path.join(apiDir, 'dist'));
const pkg = JSON.parse(readFileSync(path.join(apiDir, 'package.json'), 'utf8'));
// Every package but the contract, which is TypeScript source and is compiled in.
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })
  .filter((name) => name !== '@rehabit/contract')
  .flatMap((name) => [name, `${name}/*`]);

/**
 * Files find their data next to themselves (migrations, reference data, demo clips) through `import.meta.url`.
 * In the bundle that would name dist/server.js, so each use is pointed back at the source file it was written in.
 */
const sourceLocation = {
  name: 'source-location',
  setup(builder) {
    builder.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const relative = path.relative(outdir, args.path).split(path.sep).join('/');
      const located = `new URL(${JSON.stringify(relative)}, import.meta.url).href`;
      return { contents: source.replaceAll('import.meta.url', located), loader: 'ts' };
    });
  },
};

// A build made here is not one `npm start` checked against its sources (scripts/build-if-changed.mjs): its stamp goes.
rmSync(path.join(outdir, '.source-hash'), { force: true });

await build({
  entryPoints: { server: path.join(apiDir, 'src/server.ts') },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external,
  sourcemap: 'linked',
  plugins: [sourceLocation],
  logLevel: 'warning',
});
