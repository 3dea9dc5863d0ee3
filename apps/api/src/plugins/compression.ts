import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

// JSON, CSV and other text; never event streams (each event must go out at once), nor binary files (videos,
// spreadsheets, uploads), which are compressed already or sent in ranges.
const compressibleTypes = /^text\/(?!event-stream)|[+/]json(?:;|$)|[+/]xml(?:;|$)|^application\/javascript/;

/**
 * Compresses answers of routes registered after it, brotli or gzip as the client accepts, from 1 KB on.
 * Brotli at quality 4 costs about what gzip does per request and still saves more. Static files of the web app
 * are not compressed here: the build wrote their variants (plugins/web-app.ts). Socket.IO does not pass through
 * Fastify's routes and is never touched.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: compressibleTypes,
    // Request bodies are read as sent, as before: nothing is inflated on its way to the parsers and uploads.
    globalDecompression: false,
  });
}
