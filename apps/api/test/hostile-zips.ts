/**
 * Zip archives built to hurt their reader: far more bytes inflated than uploaded, sizes that lie, thousands of parts.
 * No zip library writes an archive whose directory lies about its sizes, so these are assembled here, byte by byte,
 * after the format's own layout (local headers, then the central directory, then its end record).
 */
import { once } from 'node:events';
import { createDeflateRaw } from 'node:zlib';

type Part = { name: string; deflated: Buffer; size: number; declaredSize?: number };

/** `bytes` zero bytes, deflated a megabyte at a time so the test itself never holds them. */
export async function deflatedZeros(bytes: number): Promise<Buffer> {
  const deflate = createDeflateRaw({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const megabyte = Buffer.alloc(1024 * 1024);
  for (let left = bytes; left > 0; left -= megabyte.length) {
    if (!deflate.write(megabyte.subarray(0, Math.min(left, megabyte.length)))) await once(deflate, 'drain');
  }
  deflate.end();
  await once(deflate, 'end');
  return Buffer.concat(chunks);
}

/** A deflated part holding `text`. */
export const textPart = async (name: string, text: string): Promise<Part> => {
  const size = Buffer.byteLength(text);
  const deflate = createDeflateRaw();
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  deflate.end(text);
  await once(deflate, 'end');
  return { name, deflated: Buffer.concat(chunks), size };
};

/**
 * A zip of the parts, each declaring `declaredSize` (its true size unless given). The CRC is left at zero: the
 * archives must be refused before anything would check it.
 */
export function zipOf(parts: Part[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const size = part.declaredSize ?? part.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8); // deflated
    local.writeUInt32LE(part.deflated.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(part.deflated.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, part.deflated);
    centrals.push(central, name);
    offset += local.length + name.length + part.deflated.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
