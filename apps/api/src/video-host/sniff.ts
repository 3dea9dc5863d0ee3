/** Bytes needed to recognise a container by its signature. */
export const SNIFF_BYTES = 16;

const ascii = (buf: Buffer, start: number, end: number) => buf.subarray(start, end).toString('latin1');

/**
 * The MIME type of a video container recognised from its first bytes, or null when it is not one.
 * Covers what phones and cameras record: MP4/MOV/3GP (ISO BMFF), WebM/Matroska, AVI, MPEG-TS/PS, FLV, Ogg, ASF.
 */
export function sniffVideo(head: Buffer): string | null {
  if (head.length < 12) return null;
  if (ascii(head, 4, 8) === 'ftyp') {
    const brand = ascii(head, 8, 12);
    if (brand === 'qt  ') return 'video/quicktime';
    if (brand.startsWith('3g')) return 'video/3gpp';
    return 'video/mp4';
  }
  // QuickTime files without ftyp start with another atom.
  if (['moov', 'mdat', 'wide', 'free', 'skip'].includes(ascii(head, 4, 8))) return 'video/quicktime';
  if (head.readUInt32BE(0) === 0x1a45dfa3) return 'video/webm';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'AVI ') return 'video/x-msvideo';
  if (head[0] === 0x47 && (head.length < 189 || head[188] === 0x47)) return 'video/mp2t';
  if (head.readUInt32BE(0) === 0x000001ba) return 'video/mpeg';
  if (ascii(head, 0, 3) === 'FLV') return 'video/x-flv';
  if (ascii(head, 0, 4) === 'OggS') return 'video/ogg';
  if (head.readUInt32BE(0) === 0x3026b275) return 'video/x-ms-asf';
  return null;
}
