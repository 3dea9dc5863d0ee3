// Draws the patient app's icons (decision 1355) from public/favicon.svg, the mark people know from the browser tab:
// `node apps/web/scripts/make-app-icons.mjs` writes public/my/icons/*.png, which are committed. Run again after the
// mark changes. Chromium draws them, as it draws everything else the project measures (no image library needed).
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from './first-route.mjs';

const publicDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public');
const mark = readFileSync(join(publicDir, 'favicon.svg'), 'utf8');
// The letter of the mark alone, to draw on a full square: the mask of a phone's launcher cuts what it wants of it.
const glyph = /<path[^>]*\/>/.exec(mark)?.[0];
if (!glyph) throw new Error('public/favicon.svg has no <path> to draw the maskable icon from');
const background = /<rect[^>]*fill="([^"]+)"/.exec(mark)?.[1] ?? '#0f766e';

/** The glyph centred on a full square, inside the middle 60% that every mask keeps. */
const fullSquare = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${background}"/><g transform="translate(16 16) scale(0.6) translate(-16 -16)">${glyph}</g></svg>`;

const icons = [
  { file: 'icon-192.png', size: 192, svg: mark },
  { file: 'icon-512.png', size: 512, svg: mark },
  { file: 'icon-maskable-512.png', size: 512, svg: fullSquare },
  // iOS rounds the corners of a home-screen icon itself and fills a transparent corner with black.
  { file: 'apple-touch-icon-180.png', size: 180, svg: fullSquare },
];

const browser = await launchChromium();
try {
  const page = await browser.newPage();
  for (const { file, size, svg } of icons) {
    await page.setViewportSize({ width: size, height: size });
    const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(`<html><body style="margin:0;background:transparent">${sized}</body></html>`);
    const png = await page.locator('svg').screenshot({ omitBackground: true });
    writeFileSync(join(publicDir, 'my', 'icons', file), png);
    console.log(`public/my/icons/${file} (${size}×${size})`);
  }
} finally {
  await browser.close();
}
