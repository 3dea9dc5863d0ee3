import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
// Text files only: images and fonts are compressed already. Source maps are left out: only developer tools
// fetch them, and compressing them at the highest levels would double the build time.
const compressible = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest|xml)$/;
// Below this, the headers outweigh what compression saves.
const MIN_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries
      .filter((entry) => !entry.name.startsWith('.'))
      .map((entry) => {
        const full = path.join(dir, entry.name);
        return entry.isDirectory() ? filesUnder(full) : Promise.resolve([full]);
      }),
  );
  return nested.flat();
}

/**
 * Writes `file.br` and `file.gz` beside every text file of the build, at the highest levels, once: the server
 * sends them as they are (by Accept-Encoding) instead of compressing each file on every request. A variant that
 * is not smaller than the file is not written.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'rehabit-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await filesUnder(outDir)).filter((file) => compressible.test(file));
      await Promise.all(
        files.map(async (file) => {
          if ((await stat(file)).size < MIN_BYTES) return;
          const content = await readFile(file);
          const variants = [
            [
              '.br',
              brotli(content, {
                params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
              }),
            ],
            ['.gz', gzipAsync(content, { level: 9 })],
          ] as const;
          for (const [extension, compressing] of variants) {
            const compressed = await compressing;
            if (compressed.length < content.length) await writeFile(file + extension, compressed);
          }
        }),
      );
    },
  };
}
